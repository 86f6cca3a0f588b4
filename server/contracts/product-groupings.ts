import { z } from 'zod';
import { configRecordUpdate } from './records';
import { text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const productGroupingFields = z.object({
  name: text('config.productGroupings.nameRequired')
    .min(1, 'config.productGroupings.nameRequired')
    .max(160, 'config.productGroupings.nameTooLong'),
  details: text('config.productGroupings.detailsInvalid')
    .max(20000, 'config.productGroupings.detailsTooLong')
    .default(''),
});
export type ProductGroupingFields = z.infer<typeof productGroupingFields>;

export const updateProductGroupingInput = configRecordUpdate(productGroupingFields);

export const productGroupingOutput = z.object({
  id: z.string(),
  name: z.string(),
  details: z.string(),
  updatedAt: z.string(),
});
