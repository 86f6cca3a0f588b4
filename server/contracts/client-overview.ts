import { z } from 'zod';
import { text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
/** One overview text per client; an empty text is allowed (it clears the overview). */
export const clientOverviewFields = z.object({
  details: text('config.clientOverview.detailsInvalid').max(20000, 'config.clientOverview.detailsTooLong'),
});
export type ClientOverviewFields = z.infer<typeof clientOverviewFields>;

/** `updatedAt` is null while the client has never saved an overview. */
export const clientOverviewOutput = z.object({ details: z.string(), updatedAt: z.string().nullable() });
export type ClientOverview = z.infer<typeof clientOverviewOutput>;
