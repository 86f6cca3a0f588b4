import { z } from 'zod';

export const createDrillInput = z.object({ callId: z.uuid('reports.validation.callIdInvalid') });

export const createDrillOutput = z.object({ simulationId: z.uuid(), name: z.string() });
