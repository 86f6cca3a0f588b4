import { callInstructions } from '../../../db/schema';
import type { CallInstructionFields } from '../../contracts/call-instructions';
import { namedRecords } from '../named-records/named-records';

export const callInstructionRecords = namedRecords<CallInstructionFields>({
  table: callInstructions,
  fields: ['instructions'],
  order: 'created',
  notFound: 'Call instructions not found',
});
export const { create: createCallInstruction } = callInstructionRecords;
