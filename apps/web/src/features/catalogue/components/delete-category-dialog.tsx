/**
 * Asks before deleting a category (issue 19 item 1). An empty one is deleted; one that holds
 * products needs another category to move them to (the server refuses otherwise, with the count).
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { AdminCategoryDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useDeleteCategory } from '../api/use-category-mutations';
import { useReportError } from '../../../lib/use-admin-errors';

export function DeleteCategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: AdminCategoryDto | null;
  /** Every category, for choosing where the products go. */
  categories: readonly AdminCategoryDto[];
  onClose: () => void;
}) {
  return (
    <Modal opened={!!category} onClose={onClose} title="Delete category?" centered>
      {category && (
        <DeleteCategoryForm key={category.id} category={category} categories={categories} onDone={onClose} />
      )}
    </Modal>
  );
}

function DeleteCategoryForm({
  category,
  categories,
  onDone,
}: {
  category: AdminCategoryDto;
  categories: readonly AdminCategoryDto[];
  onDone: () => void;
}) {
  const remove = useDeleteCategory();
  const report = useReportError();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const count = category.productCount;
  const others = categories.filter((c) => c.id !== category.id);

  const confirm = () => {
    if (count > 0 && !target) {
      setError('Choose the category that receives the products');
      return;
    }
    // mutateAsync: the toast shows even if the list's refetch re-renders the dialog away first.
    remove
      .mutateAsync({ id: category.id, ...(count > 0 && target && { moveProductsTo: target }) })
      .then((result) => {
        const moved = result.movedProducts;
        toast({
          title: 'Success',
          description:
            moved > 0
              ? `${result.message}. ${moved} ${moved === 1 ? 'product' : 'products'} moved.`
              : result.message,
        });
        onDone();
      })
      .catch((failure: unknown) => report(failure, { title: 'Error' }));
  };

  return (
    <Stack gap="md">
      {count === 0 ? (
        <Text size="sm">
          Delete <b>{category.name}</b>? This cannot be undone.
        </Text>
      ) : (
        <>
          <Text size="sm">
            <b>{category.name}</b> holds {count} {count === 1 ? 'product' : 'products'}. Choose a category to
            move {count === 1 ? 'it' : 'them'} to; then the category is deleted. This cannot be undone.
          </Text>
          <Select
            label="Move products to"
            required
            placeholder="Select a category"
            data={others.map((c) => ({ value: c.id, label: c.name }))}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setError(undefined);
            }}
            error={error}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          {count > 0 ? 'Move and Delete' : 'Delete'}
        </Button>
      </Group>
    </Stack>
  );
}
