import { z } from 'zod';
import { CALL_TRANSPORT_SETTINGS, type CallTransportSetting } from './enums';

/** The tenant's call settings (/admin, Call Settings tab; admins). */

export type { CallTransportSetting };
export const callTransportSetting = z.enum(CALL_TRANSPORT_SETTINGS);

/** "Call connection": how the tenant's model calls carry audio. */
export const callSettingsOutput = z.object({ transport: callTransportSetting });
export type CallSettings = z.infer<typeof callSettingsOutput>;
export const updateCallSettingsInput = callSettingsOutput;
