import { z } from 'zod';
import { configRecordOutput, configRecordUpdate } from './records';
import { requiredText } from './text';

// Messages are i18n keys in locales/<lng>/config.json (namespace "config").
export const callInstructionFields = z.object({
  instructions: requiredText(
    'config.callInstructions.instructionsRequired',
    20000,
    'config.callInstructions.instructionsTooLong',
  ),
});
export type CallInstructionFields = z.infer<typeof callInstructionFields>;

export const updateCallInstructionInput = configRecordUpdate(callInstructionFields);

export const callInstructionOutput = configRecordOutput({ instructions: z.string() });
export type CallInstruction = z.infer<typeof callInstructionOutput>;
