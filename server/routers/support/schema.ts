import { z } from 'zod';

export const supportInput = z.object({
  subject: z.string().trim().min(1, 'support.subjectRequired').max(200, 'support.subjectTooLong'),
  description: z.string().trim().min(1, 'support.descriptionRequired').max(5000, 'support.descriptionTooLong'),
  pageUrl: z.string().max(2000).optional(),
});
