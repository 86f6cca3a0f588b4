import { z } from 'zod';
import { configRecordOutput, configRecordUpdate } from './records';
import { requiredText, text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const productGroupingFields = z.object({
  name: requiredText('config.productGroupings.nameRequired', 160, 'config.productGroupings.nameTooLong'),
  details: text('config.productGroupings.detailsInvalid')
    .max(20000, 'config.productGroupings.detailsTooLong')
    .default(''),
});
export type ProductGroupingFields = z.infer<typeof productGroupingFields>;

export const updateProductGroupingInput = configRecordUpdate(productGroupingFields);

export const productGroupingOutput = configRecordOutput({ name: z.string(), details: z.string() });
