import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES, ProductInput } from './products';

function messages(body: unknown): Record<string, string> {
  const result = ProductInput.safeParse(body);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the product form rules (docs/product.md §5)', () => {
  it('says the spec’s words for a missing field, as for an empty one', () => {
    expect(messages({})).toMatchObject({
      name: PRODUCT_MESSAGES.name,
      description: PRODUCT_MESSAGES.description,
      price: PRODUCT_MESSAGES.price,
      stock: PRODUCT_MESSAGES.stock,
      categoryId: PRODUCT_MESSAGES.categoryId,
    });
    expect(messages({ name: ' ', description: '', price: '-1', stock: -1, categoryId: '' })).toMatchObject({
      name: 'Name is required',
      description: 'Description is required',
      price: 'Price must be positive',
      stock: 'Stock must be positive',
      categoryId: 'Category is required',
    });
  });

  it('accepts a valid product and keeps the price in cents', () => {
    const result = ProductInput.parse({
      name: 'Gala Apples',
      description: 'Crisp and sweet.',
      price: '2.49',
      stock: 10,
      categoryId: '6f1d8c52-1e7b-4a51-9a3e-2f0c2b3f8a11',
    });
    expect(result).toMatchObject({ price: 249, lowStockThreshold: 10 });
    // Issue 20: the booleans are the labels 'organic' and 'gluten-free'; unsent, they leave the
    // product's labels alone (a new product has none), so they have no default here.
    expect(result.isOrganic).toBeUndefined();
    expect(result.isGlutenFree).toBeUndefined();
  });
});
