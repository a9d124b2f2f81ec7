/** The catalogue feature's face: the storefront's search URL, and the staff's product list and stock edit. */
export { catalogueUrl } from './catalogue-filter';
export { useAdminProductPage } from './api/use-admin-products';
export { usePatchProduct } from './api/use-product-mutations';
