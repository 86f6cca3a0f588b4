import { z } from 'zod';
import { CALL_TRANSPORT_SETTINGS } from './enums';

/** The tenant's call settings (/admin, Call Settings tab; admins). */
const callTransportSetting = z.enum(CALL_TRANSPORT_SETTINGS);

/** "Call connection": how the tenant's model calls carry audio; the screen reads and saves one shape. */
const callSettings = z.object({ transport: callTransportSetting });
export const callSettingsOutput = callSettings;
export const updateCallSettingsInput = callSettings;
