import { callInstructionRecords } from '../../services/call-instructions/call-instructions';
import { configRecordId, deletedOutput } from '../../contracts/records';
import { namedRecordRouter } from '../../trpc/named-record-router';
import {
  callInstructionFields,
  callInstructionOutput,
  updateCallInstructionInput,
} from '../../contracts/call-instructions';

export const callInstructionsRouter = namedRecordRouter(callInstructionRecords, {
  fields: callInstructionFields,
  id: configRecordId,
  update: updateCallInstructionInput,
  output: callInstructionOutput,
  deleted: deletedOutput,
});
