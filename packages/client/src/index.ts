export {
  createShopClient,
  describeShopError,
  ShopRequestError,
  type ShopClient,
  type ShopClientOptions,
} from './shop-client';
export { exportProductsCsv, importProductsCsv, type ImportProgress } from './products-csv';
