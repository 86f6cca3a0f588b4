import { icps } from '../../../db/schema';
import type { IcpFields } from '../../contracts/icps';
import { namedRecords } from '../named-records/named-records';

export const icpRecords = namedRecords<IcpFields>({
  table: icps,
  fields: ['name', 'details'],
  order: 'name',
  notFound: 'ICP not found',
});
export const { create: createIcp } = icpRecords;
