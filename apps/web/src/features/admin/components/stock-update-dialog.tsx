/**
 * Update Stock (spec §2 Inventory, §5): New Stock Level (a non-negative integer; anything
 * non-numeric becomes 0) and an optional Reason, which is sent and stored in the stock ledger.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { STOCK_REASON_MAX_LENGTH, parseStockLevel, type AdminProductDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { usePatchProduct } from '../api/use-product-mutations';
import { useReportError } from '../use-admin-errors';

export function StockUpdateDialog({
  product,
  onClose,
}: {
  product: AdminProductDto | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={!!product} onClose={onClose} title="Update Stock" centered>
      {product && <StockUpdateForm key={product.id} product={product} onDone={onClose} />}
    </Modal>
  );
}

function StockUpdateForm({ product, onDone }: { product: AdminProductDto; onDone: () => void }) {
  const [level, setLevel] = useState(String(product.stock));
  const [reason, setReason] = useState('');
  const patch = usePatchProduct();
  const report = useReportError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const stock = parseStockLevel(level);
    patch.mutate(
      { id: product.id, stock, ...(reason.trim() && { reason: reason.trim() }) },
      {
        onSuccess: () => {
          toast({
            title: 'Stock updated successfully',
            description: `${product.name}: ${product.stock} → ${stock}`,
          });
          onDone();
        },
        onError: (error) => report(error, { title: 'Failed to update stock' }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Update Stock">
      <Stack gap="sm">
        <Text size="sm">
          <b>{product.name}</b> — current stock {product.stock}
        </Text>
        <TextInput
          label="New Stock Level"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={level}
          onChange={(e) => setLevel(e.currentTarget.value)}
          data-autofocus
        />
        <Textarea
          label="Reason"
          description="Optional: kept in the product's stock history"
          placeholder="e.g., New delivery, damaged goods, stock count"
          maxLength={STOCK_REASON_MAX_LENGTH}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={patch.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={patch.isPending}>
            Update Stock
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
