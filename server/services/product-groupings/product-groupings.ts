import { productGroupings } from '../../../db/schema';
import type { ProductGroupingFields } from '../../contracts/product-groupings';
import { namedRecords } from '../named-records/named-records';

export const productGroupingRecords = namedRecords<ProductGroupingFields>({
  table: productGroupings,
  fields: ['name', 'details'],
  order: 'name',
  notFound: 'Product grouping not found',
});
export const { create: createProductGrouping } = productGroupingRecords;
