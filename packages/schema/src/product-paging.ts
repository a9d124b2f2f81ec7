/**
 * The catalogue's paging and search limits, free of zod so the storefront's first load can use
 * them without pulling the validation library in.
 */
export const SEARCH_MAX_LENGTH = 100;

/** Largest page of the product listing. */
export const PRODUCT_PAGE_MAX = 100;

/** A storefront catalogue page: 20 products unless asked otherwise. */
export const STOREFRONT_PAGE_SIZE = 20;
