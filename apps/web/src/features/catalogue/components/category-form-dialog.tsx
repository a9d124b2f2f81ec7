/**
 * Add Category / Edit Category (issue 19 item 1): name, description, picture (the picture rule, as
 * the product form) and whether shoppers see it. The same zod schema as the server checks the form
 * first. An edit goes with the version it was loaded at: when someone else saved the category
 * meanwhile the save is refused, and the dialog names what changed and offers Reload.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import {
  AdminCategoryDto,
  CATEGORY_MESSAGES,
  CategoryInput,
  changedFieldLabels,
  type CategoryInput as CategoryInputBody,
} from '@shop/schema';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import '../../../lib/pictures';
import { toast } from '../../../lib/toast';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useCreateCategory, useUpdateCategory } from '../api/use-category-mutations';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { fieldErrors } from '../../../lib/form-errors';

interface FormValues {
  name: string;
  description: string;
  imageUrl: string;
  isActive: boolean;
}
type FieldErrors = Partial<Record<keyof FormValues, string>>;

function initialValues(category: AdminCategoryDto | null): FormValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    imageUrl: category?.imageUrl ?? '',
    isActive: category?.isActive ?? true,
  };
}

export function toCategoryBody(values: FormValues): CategoryInputBody {
  return {
    name: values.name,
    description: values.description.trim() || null,
    imageUrl: values.imageUrl.trim() || null,
    isActive: values.isActive,
  };
}

const CHANGE_LABELS = [
  ['name', 'Name'],
  ['description', 'Description'],
  ['imageUrl', 'Image URL'],
  ['isActive', 'Active'],
] as const satisfies readonly (readonly [keyof AdminCategoryDto, string])[];

export function CategoryFormDialog({
  opened,
  onClose,
  category,
}: {
  opened: boolean;
  onClose: () => void;
  category: AdminCategoryDto | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={category ? 'Edit Category' : 'Add New Category'} centered>
      {opened && <CategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />}
    </Modal>
  );
}

function CategoryForm({ category, onDone }: { category: AdminCategoryDto | null; onDone: () => void }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { baseline, conflict, catchConflict, reload } = useEditConflict(category, AdminCategoryDto);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const report = useReportError();
  const saving = create.isPending || update.isPending;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = toCategoryBody(values);
    const checked = CategoryInput.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    const onError = (error: unknown) => {
      const issues = serverIssues(error);
      if (issues.length) setErrors(fieldErrors(issues));
      if (catchConflict(error)) return;
      report(error, { title: 'Error' });
    };
    const onSuccess = (message: string) => () => {
      toast({ title: 'Success', description: message });
      onDone();
    };
    if (baseline) {
      update.mutate(
        { ...body, id: baseline.id, version: baseline.version },
        { onSuccess: onSuccess(CATEGORY_MESSAGES.updated), onError },
      );
    } else {
      create.mutate(body, { onSuccess: onSuccess(CATEGORY_MESSAGES.created), onError });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={category ? 'Edit Category' : 'Add New Category'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
        />
        <TextInput
          label="Image URL"
          placeholder="https://… or /products/…"
          value={values.imageUrl}
          onChange={(e) => set('imageUrl', e.currentTarget.value)}
          error={errors.imageUrl}
        />
        <Switch
          label="Active"
          description={
            values.isActive ? 'Shoppers see this category.' : 'Hidden from shoppers; staff still see it.'
          }
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        {conflict && baseline && (
          <EditConflictAlert
            what="category"
            changed={changedFieldLabels(baseline, conflict.current, CHANGE_LABELS)}
            onReload={() => {
              const current = reload();
              if (current) setValues(initialValues(current));
              setErrors({});
            }}
          />
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {category ? 'Update Category' : 'Create Category'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
