import { callInstructionRecords } from '../../services/call-instructions/call-instructions';
import { namedRecordRouter } from '../../trpc/named-record-router';
import {
  callInstructionFields,
  callInstructionId,
  callInstructionOutput,
  deletedOutput,
  updateCallInstructionInput,
} from '../../contracts/call-instructions';

export const callInstructionsRouter = namedRecordRouter(callInstructionRecords, {
  fields: callInstructionFields,
  id: callInstructionId,
  update: updateCallInstructionInput,
  output: callInstructionOutput,
  deleted: deletedOutput,
});
