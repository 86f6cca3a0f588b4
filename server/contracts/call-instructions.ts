import { z } from 'zod';
import { configRecordUpdate } from './records';
import { text } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const callInstructionFields = z.object({
  instructions: text('config.callInstructions.instructionsRequired')
    .min(1, 'config.callInstructions.instructionsRequired')
    .max(20000, 'config.callInstructions.instructionsTooLong'),
});
export type CallInstructionFields = z.infer<typeof callInstructionFields>;

export const updateCallInstructionInput = configRecordUpdate(callInstructionFields);

export const callInstructionOutput = z.object({ id: z.string(), instructions: z.string(), updatedAt: z.string() });
export type CallInstruction = z.infer<typeof callInstructionOutput>;
