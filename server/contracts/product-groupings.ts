import { z } from 'zod';
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

export const productGroupingId = z.object({ id: z.uuid('config.idInvalid') });
export const updateProductGroupingInput = productGroupingFields.extend({ id: z.uuid('config.idInvalid') });

export const productGroupingOutput = z.object({
  id: z.string(),
  name: z.string(),
  details: z.string(),
  updatedAt: z.string(),
});

export const deletedOutput = z.object({ id: z.string() });
