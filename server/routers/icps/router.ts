import { icpRecords } from '../../services/icps/icps';
import { namedRecordRouter } from '../../trpc/named-record-router';
import { deletedOutput, icpFields, icpId, icpOutput, updateIcpInput } from '../../contracts/icps';

export const icpsRouter = namedRecordRouter(icpRecords, {
  fields: icpFields,
  id: icpId,
  update: updateIcpInput,
  output: icpOutput,
  deleted: deletedOutput,
});
