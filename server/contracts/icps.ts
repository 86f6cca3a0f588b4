import { z } from 'zod';
import { configRecordOutput, configRecordUpdate } from './records';
import { requiredText, text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const icpFields = z.object({
  name: requiredText('config.icps.nameRequired', 160, 'config.icps.nameTooLong'),
  details: text('config.icps.detailsInvalid').max(20000, 'config.icps.detailsTooLong').default(''),
});
export type IcpFields = z.infer<typeof icpFields>;

export const updateIcpInput = configRecordUpdate(icpFields);

export const icpOutput = configRecordOutput({ name: z.string(), details: z.string() });
