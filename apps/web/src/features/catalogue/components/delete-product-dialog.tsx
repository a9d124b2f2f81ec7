import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminProductDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from '../api/use-product-mutations';
import { useReportError } from '../../../lib/use-admin-errors';

/**
 * Asks before deleting. The server deletes a product no order names, and deactivates one that
 * appears in orders (so order history stays whole); the toast says which happened.
 */
export function DeleteProductDialog({
  product,
  onClose,
}: {
  product: AdminProductDto | null;
  onClose: () => void;
}) {
  const remove = useDeleteProduct();
  const report = useReportError();
  const confirm = () => {
    if (!product) return;
    remove.mutate(
      { id: product.id },
      {
        onSuccess: (result) => {
          toast({
            title: 'Success',
            description: result.outcome === 'deleted' ? 'Product deleted successfully' : result.message,
          });
          onClose();
        },
        onError: (error) => report(error, { title: 'Error', description: 'Failed to delete product' }),
      },
    );
  };
  return (
    <Modal opened={!!product} onClose={onClose} title="Delete product?" centered>
      <Stack gap="md">
        <Text size="sm">
          Delete <b>{product?.name}</b>? This cannot be undone. A product that appears in orders is
          deactivated (hidden from the shop) instead.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
