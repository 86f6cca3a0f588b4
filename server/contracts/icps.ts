import { z } from 'zod';
import { configRecordUpdate } from './records';
import { text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const icpFields = z.object({
  name: text('config.icps.nameRequired').min(1, 'config.icps.nameRequired').max(160, 'config.icps.nameTooLong'),
  details: text('config.icps.detailsInvalid').max(20000, 'config.icps.detailsTooLong').default(''),
});
export type IcpFields = z.infer<typeof icpFields>;

export const updateIcpInput = configRecordUpdate(icpFields);

export const icpOutput = z.object({ id: z.string(), name: z.string(), details: z.string(), updatedAt: z.string() });
