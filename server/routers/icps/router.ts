import { icpRecords } from '../../services/icps/icps';
import { configRecordId, deletedOutput } from '../../contracts/records';
import { namedRecordRouter } from '../../trpc/named-record-router';
import { icpFields, icpOutput, updateIcpInput } from '../../contracts/icps';

export const icpsRouter = namedRecordRouter(icpRecords, {
  fields: icpFields,
  id: configRecordId,
  update: updateIcpInput,
  output: icpOutput,
  deleted: deletedOutput,
});
