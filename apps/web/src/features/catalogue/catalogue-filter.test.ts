import { describe, expect, it } from 'vitest';
import { catalogueUrl, filterFromParams, productCount } from './catalogue-filter';

const CATEGORY = '3f1c2b6e-8a4d-4c1e-9b7a-2d5e6f708192';

describe('the storefront filter in the URL', () => {
  it('round-trips a search and a category', () => {
    const url = catalogueUrl({ search: ' green tea ', categoryId: CATEGORY });
    expect(url).toBe(`/?q=green+tea&category=${CATEGORY}`);
    expect(filterFromParams(new URLSearchParams(url.split('?')[1]))).toEqual({
      search: 'green tea',
      categoryId: CATEGORY,
    });
  });

  it('drops an empty search and a malformed category instead of sending them', () => {
    expect(filterFromParams(new URLSearchParams('q=%20%20&category=bakery'))).toEqual({
      search: undefined,
      categoryId: undefined,
    });
    expect(catalogueUrl({})).toBe('/');
  });

  it('round-trips the food facts filters as short, shareable parameters (issue 20)', () => {
    const url = catalogueUrl({ freeFrom: ['peanuts', 'milk'], dietaryLabels: ['vegan'] });
    // In the catalogue's order, whatever order they were chosen in: one URL per filter.
    expect(url).toBe('/?free=milk%2Cpeanuts&diet=vegan');
    expect(filterFromParams(new URLSearchParams(url.split('?')[1]))).toEqual({
      freeFrom: ['milk', 'peanuts'],
      dietaryLabels: ['vegan'],
    });
    expect(filterFromParams(new URLSearchParams('free=arsenic,Milk,milk&diet='))).toEqual({
      freeFrom: ['milk'],
    });
  });

  it('counts products in words', () => {
    expect(productCount(0)).toBe('0 products');
    expect(productCount(1)).toBe('1 product');
    expect(productCount(42)).toBe('42 products');
  });
});
