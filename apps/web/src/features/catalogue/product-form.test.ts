/**
 * The product form's pure rules: its body and messages (the same zod schema the server uses) and
 * the stock field's parsing.
 */
import { describe, expect, it } from 'vitest';
import {
  PRODUCT_MESSAGES,
  ProductInput,
  ProductUpdateInput,
  parseStockLevel,
  PIECE_MEASURE,
  type AdminProductDto,
} from '@shop/schema';
import { fieldErrors } from '../../lib/form-errors';
import { toProductBody, toProductUpdate } from './components/product-form-dialog';
import { initialFoodFacts } from './components/product-food-facts-fields';

const CATEGORY = '7d9f5a52-2f43-4a59-9d43-3a7f6f0a2b11';

const form = {
  name: 'Sourdough',
  categoryId: CATEGORY,
  description: 'Slow-fermented',
  price: '4.50',
  stock: '12',
  lowStockThreshold: '4',
  imageUrl: '  ',
  isOrganic: true,
  isGlutenFree: false,
  sku: '',
  unit: 'loaf',
  isActive: true,
  foodFacts: initialFoodFacts(null),
};

describe('the product form', () => {
  it('sends the price as typed and stock and threshold as integers', () => {
    expect(toProductBody(form)).toEqual({
      name: 'Sourdough',
      categoryId: CATEGORY,
      description: 'Slow-fermented',
      price: '4.50',
      stock: 12,
      lowStockThreshold: 4,
      imageUrl: null,
      isOrganic: true,
      isGlutenFree: false,
      unit: 'loaf',
      isActive: true,
      // Issue 20: the food facts, the Organic checkbox's label among the labels.
      allergens: [],
      mayContain: [],
      dietaryLabels: ['organic'],
      ingredients: '',
      origin: '',
      storage: '',
      nutrition: null,
    });
  });

  it('sends every label and the nutrition declaration, and shows the schema’s food facts messages', () => {
    const facts = {
      ...initialFoodFacts(null),
      allergens: ['milk'],
      otherLabels: ['vegan'],
      nutrition: { ...initialFoodFacts(null).nutrition, fat: '5' },
    };
    const body = toProductBody({ ...form, isGlutenFree: true, foodFacts: facts });
    expect(body.dietaryLabels).toEqual(['vegan', 'gluten-free', 'organic']);
    const result = ProductInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toMatchObject({ nutrition: 'Must be a number of at least 0' });
    // Once each field is right, the checks across fields.
    const across = ProductInput.safeParse(
      toProductBody({ ...form, foodFacts: { ...facts, nutrition: form.foodFacts.nutrition } }),
    );
    expect(fieldErrors(across.error!.issues)).toEqual({
      dietaryLabels: 'A Vegan product cannot contain milk',
    });
  });

  it('sends the SKU when one is typed, the unit and the active flag (issue 19 item 7)', () => {
    const body = toProductBody({ ...form, sku: ' BA-NEW ', unit: '500 g', isActive: false });
    expect(body).toMatchObject({ sku: 'BA-NEW', unit: '500 g', isActive: false });
    expect(ProductInput.safeParse(body).success).toBe(true);
  });

  it('turns invalid stock and threshold into 0 and keeps whole numbers only', () => {
    const body = toProductBody({ ...form, stock: 'abc', lowStockThreshold: '' });
    expect(body).toMatchObject({ stock: 0, lowStockThreshold: 0 });
    expect(toProductBody({ ...form, stock: '7.9' }).stock).toBe(7);
  });

  it('shows the spec messages, one per field', () => {
    const result = ProductInput.safeParse(
      toProductBody({ ...form, name: ' ', description: '', price: '-1', stock: '-2', categoryId: '' }),
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      name: PRODUCT_MESSAGES.name,
      description: PRODUCT_MESSAGES.description,
      price: PRODUCT_MESSAGES.price,
      stock: PRODUCT_MESSAGES.stock,
      categoryId: PRODUCT_MESSAGES.categoryId,
    });
  });

  it('accepts prices with up to 2 decimals only', () => {
    expect(ProductInput.safeParse(toProductBody({ ...form, price: '0.01' })).success).toBe(true);
    expect(ProductInput.safeParse(toProductBody({ ...form, price: '1.005' })).success).toBe(false);
  });

  it('reads the server’s issues the same way', () => {
    expect(fieldErrors([{ path: 'categoryId', message: 'Category not found' }])).toEqual({
      categoryId: 'Category not found',
    });
  });
});

describe('the product edit (issue 15: no lost updates)', () => {
  const loaded: AdminProductDto = {
    id: '0c3f5a52-2f43-4a59-9d43-3a7f6f0a2b22',
    name: 'Sourdough',
    description: 'Slow-fermented',
    price: '4.50',
    unit: 'each',
    stock: 12,
    imageUrl: null,
    categoryId: CATEGORY,
    isOrganic: true,
    isGlutenFree: false,
    allergens: ['gluten', 'wheat'],
    mayContain: [],
    dietaryLabels: ['vegan', 'organic'],
    ingredients: 'WHEAT flour, water, salt',
    nutrition: null,
    origin: null,
    storage: null,
    sku: 'BA-1',
    lowStockThreshold: 4,
    isActive: true,
    category: { id: CATEGORY, name: 'Bakery' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 3,
    ...PIECE_MEASURE,
    unitPrice: null,
  };

  it('sends the version it loaded and leaves stock out when the user did not change it', () => {
    const body = toProductUpdate(loaded, { ...form, price: '4.90' });
    expect(body).toMatchObject({ id: loaded.id, version: 3, price: '4.90' });
    expect(body).not.toHaveProperty('stock');
    expect(body).not.toHaveProperty('expectedStock');
    expect(ProductUpdateInput.safeParse(body).success).toBe(true);
  });

  it('reactivates a product by sending its fields with the active flag on', () => {
    const body = toProductUpdate({ ...loaded, isActive: false }, { ...form, sku: 'BA-1', isActive: true });
    expect(body).toMatchObject({ sku: 'BA-1', isActive: true, version: 3 });
    expect(ProductUpdateInput.safeParse(body).success).toBe(true);
  });

  it('sends a changed stock as a change from the level it loaded', () => {
    expect(toProductUpdate(loaded, { ...form, stock: '20' })).toMatchObject({
      stock: 20,
      expectedStock: 12,
      version: 3,
    });
  });
});

describe('the Update Stock field', () => {
  it.each([
    ['12', 12],
    ['', 0],
    ['abc', 0],
    ['-3', 0],
    ['2.7', 2],
    [5, 5],
  ] as const)('%j → %d', (input, expected) => {
    expect(parseStockLevel(input)).toBe(expected);
  });
});

describe('the product form by measure', () => {
  it('reads stock and its alert in the measure and sends base units', () => {
    const body = toProductBody({ ...form, stock: '34.25', lowStockThreshold: '5' }, 'kg');
    expect(body.stock).toBe(34_250);
    expect(body.lowStockThreshold).toBe(5000);
  });

  it('refuses a stock that is no quantity of the measure at the field, rather than storing 0', () => {
    const body = toProductBody({ ...form, stock: '1.0005' }, 'kg');
    const parsed = ProductInput.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.error!.issues))).toContain('stock');
  });
});
