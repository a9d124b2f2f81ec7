/**
 * A product's best-before lots (docs/stock-lots.md): what is left of each, first expiry first (the
 * order orders take them in), the stock no lot records ("Not in a lot"), and Goods in: a lot received
 * with its quantity, best-before or use-by date, batch code and reason (in the stock ledger).
 */
import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  LOT_BATCH_CODE_MAX_LENGTH,
  LOT_DATE_KIND_LABEL,
  LOT_MESSAGES,
  STOCK_REASON_MAX_LENGTH,
  shopToday,
  type AdminProductDto,
  type LotDateKind,
  type StockLotDto,
} from '@shop/schema';
import { formatQuantity, parseQuantity } from '../../../lib/measures';
import { toast } from '../../../lib/toast';
import { useProductLots, useReceiveLot } from '../api/use-inventory';
import { serverIssues, useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';

export function LotsDialog({ product, onClose }: { product: AdminProductDto | null; onClose: () => void }) {
  return (
    <Modal opened={!!product} onClose={onClose} title={`Lots — ${product?.name ?? ''}`} size="xl" centered>
      {product && <LotsView key={product.id} product={product} />}
    </Modal>
  );
}

/** When a lot goes off, as staff read it: 'in 3 days', 'today', 'expired'. */
export function daysLeftText(lot: Pick<StockLotDto, 'daysLeft' | 'expired'>): string {
  if (lot.expired) return 'Expired';
  if (lot.daysLeft === null) return '—';
  if (lot.daysLeft === 0) return 'Last day today';
  return lot.daysLeft === 1 ? 'in 1 day' : `in ${lot.daysLeft} days`;
}

function LotsView({ product }: { product: AdminProductDto }) {
  const lots = useProductLots(product.id);
  useUnauthorizedRedirect(lots.error);
  const unit = lots.data?.measureUnit ?? product.measureUnit ?? null;
  return (
    <Stack gap="md">
      {lots.isLoading ? (
        <Stack gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      ) : lots.isError || !lots.data ? (
        <Text c="red">The lots could not be loaded. Please try again.</Text>
      ) : (
        <>
          <Text size="sm">
            Sellable stock: <strong data-testid="lots-stock">{formatQuantity(lots.data.stock, unit)}</strong>
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Table verticalSpacing="xs" aria-label="Lots">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Goes off</Table.Th>
                  <Table.Th>Left</Table.Th>
                  <Table.Th>Batch</Table.Th>
                  <Table.Th>Received</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lots.data.lots.map((lot) => (
                  <Table.Tr key={lot.id} data-testid="lot-row">
                    <Table.Td>
                      <Text size="sm">
                        {lot.expiresOn ? `${LOT_DATE_KIND_LABEL[lot.dateKind]} ${lot.expiresOn}` : 'No date'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {lot.expired ? (
                        <Badge color="red" variant="light" tt="none">
                          Expired
                        </Badge>
                      ) : (
                        <Text size="sm">{daysLeftText(lot)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} data-testid="lot-left">
                        {formatQuantity(lot.quantity, unit)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{lot.batchCode ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {formatQuantity(lot.receivedQuantity, unit)} on{' '}
                        {new Date(lot.receivedAt).toLocaleDateString()}
                        {lot.receivedBy && ` by ${lot.receivedBy.name}`}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {lots.data.undated > 0 && (
                  <Table.Tr data-testid="lot-row">
                    <Table.Td>
                      <Text size="sm">Not in a lot</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">—</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600} data-testid="lot-left">
                        {formatQuantity(lots.data.undated, unit)}
                      </Text>
                    </Table.Td>
                    <Table.Td colSpan={2}>
                      <Text size="sm" c="dimmed">
                        Counted or imported stock no lot records; sold after the lots
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {lots.data.lots.length === 0 && lots.data.undated === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="sm">
                        No stock
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
      <GoodsInForm product={product} unit={unit} />
    </Stack>
  );
}

type Field = 'quantity' | 'expiresOn' | 'batchCode' | 'reason';

function GoodsInForm({ product, unit }: { product: AdminProductDto; unit: AdminProductDto['measureUnit'] }) {
  const [quantity, setQuantity] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [dateKind, setDateKind] = useState<LotDateKind>('best_before');
  const [batchCode, setBatchCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const receive = useReceiveLot();
  const report = useReportError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Typed in the product's measure ('2.5' kg), received in base units (2500 g): lib/measures.ts.
    const amount = parseQuantity(quantity, unit) ?? 0;
    const found: Partial<Record<Field, string>> = {};
    if (amount < 1) {
      found.quantity = unit
        ? `Enter the quantity in ${unit}, at least ${formatQuantity(1, unit)}`
        : LOT_MESSAGES.quantity;
    }
    if (expiresOn && expiresOn < shopToday()) found.expiresOn = LOT_MESSAGES.pastDate;
    if (!reason.trim()) found.reason = LOT_MESSAGES.reason;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    receive.mutate(
      {
        productId: product.id,
        quantity: amount,
        expiresOn: expiresOn || null,
        dateKind,
        batchCode: batchCode.trim() || null,
        reason: reason.trim(),
      },
      {
        onSuccess: () => {
          toast({
            title: 'Goods received',
            description: `${product.name}: ${formatQuantity(amount, unit)}${expiresOn ? `, ${LOT_DATE_KIND_LABEL[dateKind].toLowerCase()} ${expiresOn}` : ''}`,
          });
          setQuantity('');
          setExpiresOn('');
          setBatchCode('');
          setReason('');
        },
        onError: (error) => {
          const issues = serverIssues(error);
          if (issues.length) {
            setErrors(
              Object.fromEntries(issues.map((issue) => [String(issue.path).split('.')[0], issue.message])),
            );
          } else report(error, { title: 'Error' });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Goods in">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Goods in
        </Title>
        <Group grow align="flex-start">
          <TextInput
            label="Quantity"
            description={unit ? `In ${unit}` : 'Pieces'}
            inputMode={unit ? 'decimal' : 'numeric'}
            required
            value={quantity}
            onChange={(e) => setQuantity(e.currentTarget.value)}
            error={errors.quantity}
          />
          <Select
            label="Date kind"
            description="Printed on the pack"
            data={Object.entries(LOT_DATE_KIND_LABEL).map(([value, label]) => ({ value, label }))}
            value={dateKind}
            onChange={(value) => value && setDateKind(value as LotDateKind)}
            allowDeselect={false}
          />
          <TextInput
            label="Date"
            description="Empty if it does not go off"
            type="date"
            min={shopToday()}
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.currentTarget.value)}
            error={errors.expiresOn}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Batch code"
            maxLength={LOT_BATCH_CODE_MAX_LENGTH}
            value={batchCode}
            onChange={(e) => setBatchCode(e.currentTarget.value)}
            error={errors.batchCode}
          />
          <TextInput
            label="Reason"
            placeholder="Delivery note, supplier"
            required
            maxLength={STOCK_REASON_MAX_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={receive.isPending}>
            Receive
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
