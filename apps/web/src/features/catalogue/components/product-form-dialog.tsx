/**
 * Add New Product / Edit Product (docs/product.md §2, §5): the same zod schema as the server checks the form
 * before it is sent, so the messages are the spec's. Price is sent as typed (decimal, step 0.01);
 * stock and the low stock alert are integers, anything invalid becoming 0.
 *
 * No lost updates (issue 15): an edit is sent with the version it was loaded at, and the stock only
 * when the user changed it, as a change from the level loaded (`expectedStock`): units sold while
 * the dialog was open are never restored. When someone else changed the product meanwhile the save
 * is refused; the dialog stays open, names what changed and offers Reload.
 *
 * Issue 19 item 7: the form also edits the SKU (blank on a new product: one is generated from the
 * category), the unit and the active flag (an inactive product is hidden from shoppers).
 */
import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  AdminProductDto,
  DEFAULT_LOW_STOCK_THRESHOLD,
  ProductInput,
  changedFieldLabels,
  parseFormInteger,
  type MeasureUnit,
  type ProductInput as ProductInputBody,
  type ProductUpdateInput,
} from '@shop/schema';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
// The picture rule's hosts as the web applies them (any https host; the api holds the list).
import '../../../lib/pictures';
import { toast } from '../../../lib/toast';
import { parseQuantity, quantityNumber } from '../../../lib/measures';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useStaffCategories } from '../api/use-admin-products';
import { useCreateProduct, useUpdateProduct } from '../api/use-product-mutations';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { fieldErrors } from '../../../lib/form-errors';
import {
  ProductMeasureFields,
  initialMeasureValues,
  toMeasureBody,
  type MeasureErrors,
} from './product-measure-fields';
import {
  ProductFoodFactsFields,
  initialFoodFacts,
  toFoodFactsBody,
  type FoodFactsValues,
} from './product-food-facts-fields';

interface FormValues {
  name: string;
  categoryId: string;
  description: string;
  price: string;
  stock: string;
  lowStockThreshold: string;
  imageUrl: string;
  isOrganic: boolean;
  isGlutenFree: boolean;
  sku: string;
  unit: string;
  isActive: boolean;
  /** Issue 20: allergens, labels, nutrition… (product-food-facts-fields.tsx). */
  foodFacts: FoodFactsValues;
}

type FieldErrors = Partial<Record<keyof FormValues, string>>;

function initialValues(product: AdminProductDto | null): FormValues {
  // Stock and its alert in the product's measure ('34.25' kg); base units (g, ml, pieces) on the wire.
  const unit = product?.measureUnit ?? null;
  return {
    name: product?.name ?? '',
    categoryId: product?.categoryId ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    stock: quantityNumber(product?.stock ?? 0, unit),
    lowStockThreshold: quantityNumber(product?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD, unit),
    imageUrl: product?.imageUrl ?? '',
    isOrganic: product?.isOrganic ?? false,
    isGlutenFree: product?.isGlutenFree ?? false,
    sku: product?.sku ?? '',
    unit: product?.unit ?? 'each',
    isActive: product?.isActive ?? true,
    foodFacts: initialFoodFacts(product),
  };
}

/**
 * A stock field as base units: pieces as before (`parseFormInteger`); by measure the text is in that
 * measure ('34.25' kg → 34250 g), and one that is not a quantity of it becomes -1, which the schema
 * refuses at the field with its message rather than storing 0.
 */
function stockField(text: string, measureUnit: MeasureUnit | null): number {
  if (!measureUnit) return parseFormInteger(text);
  if (text.trim() === '') return 0;
  return parseQuantity(text, measureUnit) ?? -1;
}

/**
 * The body sent: exactly the form's fields; a blank SKU is left out (the server generates one).
 * `measureUnit` is the measure the form's stock fields are typed in (the "Sold by" fields' choice).
 */
export function toProductBody(values: FormValues, measureUnit: MeasureUnit | null = null): ProductInputBody {
  return {
    name: values.name,
    categoryId: values.categoryId,
    description: values.description,
    price: values.price.trim(),
    stock: stockField(values.stock, measureUnit),
    lowStockThreshold: stockField(values.lowStockThreshold, measureUnit),
    imageUrl: values.imageUrl.trim() || null,
    isOrganic: values.isOrganic,
    isGlutenFree: values.isGlutenFree,
    ...(values.sku.trim() && { sku: values.sku.trim() }),
    unit: values.unit,
    isActive: values.isActive,
    ...toFoodFactsBody(values.foodFacts, values),
  };
}

/**
 * The edit's body: the form's fields, the version the form is based on, and the stock only when the
 * user changed it — as a change from the level the form loaded, which the server checks.
 */
export function toProductUpdate(
  baseline: AdminProductDto,
  values: FormValues,
  measureUnit: MeasureUnit | null = baseline.measureUnit,
): ProductUpdateInput {
  const { stock, ...fields } = toProductBody(values, measureUnit);
  return {
    ...fields,
    id: baseline.id,
    version: baseline.version,
    ...(stock !== baseline.stock && { stock, expectedStock: baseline.stock }),
  };
}

/** Brings an inactive product back: its own fields again, active, based on the version shown. */
export function toReactivation(product: AdminProductDto): ProductUpdateInput {
  return toProductUpdate(product, { ...initialValues(product), isActive: true });
}

/** The product's fields as the dialog names them, for saying what someone else changed. */
const CHANGE_LABELS = [
  ['name', 'Name'],
  ['categoryId', 'Category'],
  ['description', 'Description'],
  ['price', 'Price'],
  ['stock', 'Stock'],
  ['lowStockThreshold', 'Low Stock Alert'],
  ['imageUrl', 'Image URL'],
  ['isOrganic', 'Organic'],
  ['isGlutenFree', 'Gluten-free'],
  ['sku', 'SKU'],
  ['unit', 'Unit'],
  ['isActive', 'Active'],
] as const satisfies readonly (readonly [keyof AdminProductDto, string])[];

export interface ProductFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The product being edited; null to add one. */
  product: AdminProductDto | null;
}

export function ProductFormDialog({ opened, onClose, product }: ProductFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit Product' : 'Add New Product'}
      size="lg"
      centered
    >
      {/* Keyed so each opening starts from the product's current values. */}
      {opened && <ProductForm key={product?.id ?? 'new'} product={product} onDone={onClose} />}
    </Modal>
  );
}

function ProductForm({ product, onDone }: { product: AdminProductDto | null; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Sold by (issue 20 part B): its own values, added to the body sent.
  const [measure, setMeasure] = useState(() => initialMeasureValues(product));
  const [measureErrors, setMeasureErrors] = useState<MeasureErrors>({});
  // The measure the stock fields are typed in: the one chosen under "Sold by", as their labels say.
  const stockUnit = measure.soldBy === 'measure' ? measure.measureUnit : null;
  // The product as the form was (re)loaded: its version and stock go with the save.
  const { baseline, conflict, catchConflict, reload } = useEditConflict(product, AdminProductDto);
  const categories = useStaffCategories();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const report = useReportError();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const measured = toMeasureBody(measure);
    const body = { ...toProductBody(values, stockUnit), ...measured.body };
    const checked = ProductInput.safeParse(body);
    setMeasureErrors(measured.errors);
    if (!checked.success || Object.keys(measured.errors).length > 0) {
      if (!checked.success) setErrors(fieldErrors(checked.error.issues));
      return;
    }
    const onError = (error: unknown) => {
      const issues = serverIssues(error);
      if (issues.length) {
        setErrors(fieldErrors(issues));
        setMeasureErrors(fieldErrors(issues) as MeasureErrors);
      }
      catchConflict(error);
      report(error, {
        title: 'Error',
        description: product ? 'Failed to update product' : 'Failed to create product',
      });
    };
    if (baseline) {
      update.mutate(
        { ...toProductUpdate(baseline, values, stockUnit), ...measured.body },
        {
          onSuccess: () => {
            toast({ title: 'Success', description: 'Product updated successfully' });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Product created successfully' });
          onDone();
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={product ? 'Edit Product' : 'Add New Product'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Select
          label="Category"
          required
          placeholder={categories.isLoading ? 'Loading categories...' : 'Select a category'}
          data={(categories.data ?? []).map((category) => ({
            value: category.id,
            label: category.isActive ? category.name : `${category.name} (hidden from shoppers)`,
          }))}
          value={values.categoryId || null}
          onChange={(value) => set('categoryId', value ?? '')}
          error={errors.categoryId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="SKU"
            placeholder={product ? undefined : 'Generated when left blank'}
            value={values.sku}
            onChange={(e) => set('sku', e.currentTarget.value)}
            error={errors.sku}
            maxLength={64}
          />
          <TextInput
            label="Unit"
            required
            placeholder="each, kg, 500 g, bottle…"
            value={values.unit}
            onChange={(e) => set('unit', e.currentTarget.value)}
            error={errors.unit}
            maxLength={40}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput
            label="Price"
            required
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            placeholder="0.00"
            value={values.price}
            onChange={(e) => set('price', e.currentTarget.value)}
            error={errors.price}
          />
          <TextInput
            label="Stock"
            description={stockUnit ? `In ${stockUnit}` : undefined}
            required
            type={stockUnit ? 'text' : 'number'}
            inputMode={stockUnit ? 'decimal' : 'numeric'}
            step={1}
            min={0}
            value={values.stock}
            onChange={(e) => set('stock', e.currentTarget.value)}
            error={errors.stock}
          />
          <TextInput
            label="Low Stock Alert"
            description={stockUnit ? `In ${stockUnit}` : undefined}
            type={stockUnit ? 'text' : 'number'}
            inputMode={stockUnit ? 'decimal' : 'numeric'}
            step={1}
            min={0}
            value={values.lowStockThreshold}
            onChange={(e) => set('lowStockThreshold', e.currentTarget.value)}
            error={errors.lowStockThreshold}
          />
        </SimpleGrid>
        <ProductMeasureFields
          values={measure}
          errors={measureErrors}
          onChange={(next) => {
            setMeasure(next);
            setMeasureErrors({});
          }}
        />
        <TextInput
          label="Image URL"
          placeholder="https://… or /products/…"
          value={values.imageUrl}
          onChange={(e) => set('imageUrl', e.currentTarget.value)}
          error={errors.imageUrl}
        />
        <Group gap="xl">
          <Checkbox
            label="Organic"
            checked={values.isOrganic}
            onChange={(e) => set('isOrganic', e.currentTarget.checked)}
          />
          <Checkbox
            label="Gluten-free"
            checked={values.isGlutenFree}
            onChange={(e) => set('isGlutenFree', e.currentTarget.checked)}
          />
        </Group>
        <ProductFoodFactsFields
          values={values.foodFacts}
          onChange={(foodFacts) => {
            setValues((current) => ({ ...current, foodFacts }));
            setErrors({});
          }}
          errors={errors as Partial<Record<string, string>>}
        />
        <Switch
          label="Active"
          description={
            values.isActive ? 'Shoppers see this product.' : 'Hidden from shoppers; staff still see it.'
          }
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        {conflict && baseline && (
          <EditConflictAlert
            what="product"
            changed={changedFieldLabels(baseline, conflict.current, CHANGE_LABELS)}
            onReload={() => {
              const current = reload();
              if (current) {
                setValues(initialValues(current));
                setMeasure(initialMeasureValues(current));
              }
              setErrors({});
            }}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {product ? 'Update Product' : 'Create Product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
