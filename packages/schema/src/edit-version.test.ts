import { describe, expect, it } from 'vitest';
import { ProductUpdateInput } from './admin';
import {
  changedFieldLabels,
  EDIT_CONFLICT_MESSAGES,
  EditConflictDetails,
  readEditConflict,
} from './edit-version';
import { ProductStockPatchInput } from './inventory';
import { AdminProductDto } from './products';

const id = '6f1d8c52-1e7b-4a51-9a3e-2f0c2b3f8a11';
const form = {
  id,
  name: 'Gala Apples',
  description: 'Crisp and sweet.',
  price: '2.49',
  categoryId: id,
};

describe('the product edit without a lost update', () => {
  it('leaves stock out unless the form changed it', () => {
    const parsed = ProductUpdateInput.parse({ ...form, version: 3 });
    expect(parsed.stock).toBeUndefined();
    expect(parsed.version).toBe(3);
    expect(ProductUpdateInput.parse({ ...form, stock: 7, expectedStock: 10 })).toMatchObject({
      stock: 7,
      expectedStock: 10,
    });
  });

  it('refuses an expected stock without a new one, and a version below 1', () => {
    expect(ProductUpdateInput.safeParse({ ...form, expectedStock: 10 }).success).toBe(false);
    expect(ProductUpdateInput.safeParse({ ...form, version: 0 }).success).toBe(false);
    expect(ProductStockPatchInput.safeParse({ id, expectedStock: 10, lowStockThreshold: 2 }).success).toBe(
      false,
    );
    expect(ProductStockPatchInput.safeParse({ id, stock: 4, expectedStock: 10 }).success).toBe(true);
  });
});

describe('changedFieldLabels', () => {
  const fields = [
    ['name', 'Name'],
    ['price', 'Price'],
    ['tags', 'Tags'],
  ] as const;
  const loaded = { name: 'Apples', price: '2.49', tags: ['a', 'b'] };

  it('names the fields that differ, in the order given', () => {
    expect(changedFieldLabels(loaded, { ...loaded, price: '2.99', name: 'Pears' }, fields)).toEqual([
      'Name',
      'Price',
    ]);
    expect(changedFieldLabels(loaded, { ...loaded, tags: ['a'] }, fields)).toEqual(['Tags']);
    expect(changedFieldLabels(loaded, { ...loaded, tags: ['a', 'b'] }, fields)).toEqual([]);
  });
});

describe('EditConflictDetails', () => {
  it('reads the reason and the current row of a refused edit', () => {
    const schema = EditConflictDetails(AdminProductDto.pick({ id: true, version: true }));
    expect(schema.parse({ reason: 'STALE_VERSION', current: { id, version: 2 } })).toEqual({
      reason: 'STALE_VERSION',
      current: { id, version: 2 },
    });
    expect(schema.safeParse({ reason: 'OTHER', current: { id, version: 2 } }).success).toBe(false);
  });
});

describe('readEditConflict', () => {
  const schema = AdminProductDto.pick({ id: true, stock: true });

  it('reads the details of a refused edit, and nothing else', () => {
    expect(readEditConflict({ reason: 'STOCK_CHANGED', current: { id, stock: 7 } }, schema)).toEqual({
      reason: 'STOCK_CHANGED',
      current: { id, stock: 7 },
    });
    expect(readEditConflict(undefined, schema)).toBeNull();
    expect(readEditConflict({ prices: [] }, schema)).toBeNull();
  });

  it('says which fields changed, or that the row was saved', () => {
    expect(EDIT_CONFLICT_MESSAGES.changedWhileEditing('product', ['Price', 'Name'])).toBe(
      'Someone else changed this product while you were editing: Price, Name.',
    );
    expect(EDIT_CONFLICT_MESSAGES.changedWhileEditing('role', [])).toBe(
      'Someone else saved this role while you were editing.',
    );
  });
});
