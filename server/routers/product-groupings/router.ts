import { productGroupingRecords } from '../../services/product-groupings/product-groupings';
import { configRecordId, deletedOutput } from '../../contracts/records';
import { namedRecordRouter } from '../../trpc/named-record-router';
import {
  productGroupingFields,
  productGroupingOutput,
  updateProductGroupingInput,
} from '../../contracts/product-groupings';

export const productGroupingsRouter = namedRecordRouter(productGroupingRecords, {
  fields: productGroupingFields,
  id: configRecordId,
  update: updateProductGroupingInput,
  output: productGroupingOutput,
  deleted: deletedOutput,
});
