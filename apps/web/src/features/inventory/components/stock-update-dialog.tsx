/**
 * Update Stock (docs/product.md §2 Inventory, §5): New Stock Level (a non-negative integer; anything
 * non-numeric becomes 0) and an optional Reason, which is sent and stored in the stock ledger. A
 * product sold by measure is counted in its measure ('34.25' kg), sent in base units (34250 g);
 * a text that is no quantity of it is refused here rather than sent as 0 (lib/measures.ts).
 *
 * No lost updates (issue 15): the level is set from the one the dialog shows (`expectedStock`).
 * When an order or someone else moved the stock meanwhile the server refuses it; the dialog then
 * says so, shows the current level and the user can update again against it.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  AdminProductDto,
  EDIT_CONFLICT_MESSAGES,
  STOCK_REASON_MAX_LENGTH,
  readEditConflict,
} from '@shop/schema';
import { parseStockText, quantityNumber, stockText } from '../../../lib/measures';
import { errorData } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { usePatchProduct } from '../../catalogue';
import { useReportError } from '../../../lib/use-admin-errors';

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
  const unit = product.measureUnit;
  const [level, setLevel] = useState(quantityNumber(product.stock, unit));
  const [levelError, setLevelError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  // The level shown as current: what the update is based on, moved when the server says it changed.
  const [current, setCurrent] = useState(product.stock);
  const [movedTo, setMovedTo] = useState<number | null>(null);
  const patch = usePatchProduct();
  const report = useReportError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const stock = parseStockText(level, unit);
    if (stock === null) {
      setLevelError(`Enter the stock in ${unit ?? 'pieces'}, like ${quantityNumber(current, unit)}`);
      return;
    }
    setLevelError(null);
    const from = current;
    patch.mutate(
      { id: product.id, stock, expectedStock: from, ...(reason.trim() && { reason: reason.trim() }) },
      {
        onSuccess: () => {
          toast({
            title: 'Stock updated successfully',
            description: `${product.name}: ${stockText(from, unit)} → ${stockText(stock, unit)}`,
          });
          onDone();
        },
        onError: (error) => {
          const conflict = readEditConflict(errorData(error).details, AdminProductDto);
          if (conflict) {
            setCurrent(conflict.current.stock);
            setMovedTo(conflict.current.stock);
          }
          report(error, { title: 'Failed to update stock' });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Update Stock">
      <Stack gap="sm">
        <Text size="sm">
          <b>{product.name}</b> — current stock{' '}
          <span data-testid="stock-dialog-current">{stockText(current, unit)}</span>
        </Text>
        {movedTo !== null && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={EDIT_CONFLICT_MESSAGES.stockChanged(stockText(movedTo, unit))}
            data-testid="stock-conflict"
          >
            An order or another staff member changed it. Check the new stock level and update again.
          </Alert>
        )}
        <TextInput
          label="New Stock Level"
          description={unit ? `In ${unit}` : undefined}
          type={unit ? 'text' : 'number'}
          inputMode={unit ? 'decimal' : 'numeric'}
          min={0}
          step={1}
          error={levelError}
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
