import { productGroupingRecords } from '../../services/product-groupings/product-groupings';
import { namedRecordRouter } from '../../trpc/named-record-router';
import {
  deletedOutput,
  productGroupingFields,
  productGroupingId,
  productGroupingOutput,
  updateProductGroupingInput,
} from '../../contracts/product-groupings';

export const productGroupingsRouter = namedRecordRouter(productGroupingRecords, {
  fields: productGroupingFields,
  id: productGroupingId,
  update: updateProductGroupingInput,
  output: productGroupingOutput,
  deleted: deletedOutput,
});
