import { z } from 'zod';
import { text } from './text';

export const supportInput = z.object({
  subject: text().min(1, 'support.subjectRequired').max(200, 'support.subjectTooLong'),
  description: text().min(1, 'support.descriptionRequired').max(5000, 'support.descriptionTooLong'),
  pageUrl: text().max(2000).optional(),
});
