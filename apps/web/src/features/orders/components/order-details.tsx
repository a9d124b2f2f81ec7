/**
 * One of My Orders opened (issue 19 item 3): its lines as bought (picture, name, unit, quantity,
 * price, line total), how it is paid (a card by its last 4 digits, an account by its last 4), the
 * status timeline, and the actions: 'Buy again' and, while pending, 'Cancel order' after a
 * confirmation.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Timeline,
} from '@mantine/core';
import { IconAlertCircle, IconCircleDot, IconShoppingCartPlus, IconX } from '@tabler/icons-react';
import {
  PAYMENT_METHOD_LABEL,
  cartCount,
  formatMoney,
  reorderProblemText,
  shortOrderId,
  statusLabel,
  type OrderWithHistoryDto,
} from '@shop/schema';
import { priceBasisLabel } from '../../../lib/measures';
import { useCancelOrder, useMyOrder, useReorder } from '../api/use-orders';
import { useCart } from '../../cart';
import { errorMessage } from '../../../lib/errors';
import { pictureSrc } from '../../../lib/pictures';
import { LineQuantity } from '../../../components/line-quantity';
import { toast } from '../../../lib/toast';

const localDateTime = (iso: string) => new Date(iso).toLocaleString();

function paymentText(order: OrderWithHistoryDto): string {
  const method = PAYMENT_METHOD_LABEL[order.paymentMethod];
  if (order.paymentMethod === 'card' && order.cardLastFour)
    return `${method} ending in ${order.cardLastFour}`;
  if (order.paymentMethod === 'bank_transfer' && order.bankName) {
    return `${method}, ${order.bankName} ${order.bankAccountNumber ?? ''}`.trim();
  }
  return method;
}

function LinePicture({ src, name }: { src: string | null; name: string }) {
  const shown = pictureSrc(src);
  return shown ? (
    <Image src={shown} alt={name} w={40} h={40} radius="sm" fit="cover" style={{ flex: 'none' }} />
  ) : (
    <Text component="span" fz={24} aria-hidden w={40} ta="center">
      📦
    </Text>
  );
}

function OrderTimeline({ order }: { order: OrderWithHistoryDto }) {
  return (
    <Timeline active={order.history.length} bulletSize={18} lineWidth={2} data-testid="order-timeline">
      <Timeline.Item bullet={<IconCircleDot size={12} />} title="Placed">
        <Text size="xs" c="dimmed">
          {localDateTime(order.createdAt)}
        </Text>
      </Timeline.Item>
      {order.history.map((step) => (
        <Timeline.Item key={step.id} bullet={<IconCircleDot size={12} />} title={statusLabel(step.toStatus)}>
          <Text size="xs" c="dimmed">
            {localDateTime(step.createdAt)}
            {step.byCustomer ? ' · by you' : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export function OrderDetails({ orderId }: { orderId: string }) {
  const order = useMyOrder(orderId, true);
  const cancel = useCancelOrder();
  const reorder = useReorder();
  const cart = useCart();
  const [confirming, setConfirming] = useState(false);
  const [buying, setBuying] = useState(false);
  const short = shortOrderId(orderId);

  if (order.isLoading) return <Skeleton h={120} data-testid="order-details-loading" />;
  if (order.isError || !order.data) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="We could not load this order">
        {errorMessage(order.error)}
      </Alert>
    );
  }
  const data = order.data;
  const money = (value: string) => formatMoney(value, data.currency);

  const buyAgain = async () => {
    setBuying(true);
    try {
      const again = await reorder(orderId);
      cart.addLines(again.lines);
      // A line sold by measure (0.75 kg of salmon) counts as one item, as in the cart.
      const added = cartCount(again.lines);
      const problems = again.problems.map(reorderProblemText).join('. ');
      if (added === 0) {
        toast({ title: 'Nothing added to your cart', description: problems, variant: 'destructive' });
      } else {
        toast({
          title: 'Added to your cart',
          description: `${added} item(s) from order #${short} at today's prices.${problems ? ` ${problems}.` : ''}`,
        });
      }
    } catch (error) {
      toast({ title: 'Failed to buy again', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBuying(false);
    }
  };

  const confirmCancel = () =>
    cancel.mutate(
      { id: orderId },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'Order cancelled', description: `Order #${short} has been cancelled.` });
        },
        onError: (error) => {
          setConfirming(false);
          toast({
            title: 'Failed to cancel order',
            description: errorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );

  return (
    <Stack gap="md" data-testid="order-details">
      <Table verticalSpacing="xs" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.items.map((item) => (
            <Table.Tr key={item.id} data-testid="order-line">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <LinePicture src={item.product.imageUrl} name={item.name} />
                  <div>
                    <Text size="sm" fw={500} data-testid="order-line-name">
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.sku} · per {item.unit}
                    </Text>
                    {item.short && (
                      <Text size="xs" c="orange.8" data-testid="order-line-substitution">
                        Out of stock: not delivered, not charged
                      </Text>
                    )}
                    {item.substituteFor && (
                      <Text size="xs" c="orange.8" data-testid="order-line-substitution">
                        Substitute for {data.items.find((line) => line.id === item.substituteFor)?.name ?? 'an item'}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <LineQuantity {...item} />
              </Table.Td>
              <Table.Td ta="right">
                {money(item.price)} {priceBasisLabel(item.measureUnit)}
              </Table.Td>
              <Table.Td ta="right" data-testid="order-line-total">
                {money(item.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={2} ml="auto" miw={220} data-testid="order-totals">
        <Group justify="space-between">
          <Text size="sm">Subtotal</Text>
          <Text size="sm">{money(data.subtotal)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Delivery Fee</Text>
          <Text size="sm" data-testid="order-delivery-fee">
            {Number(data.deliveryFee) === 0 ? 'Free' : money(data.deliveryFee)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">{data.taxInclusive ? 'Tax (included)' : 'Tax'}</Text>
          <Text size="sm">{money(data.tax)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Total
          </Text>
          <Text size="sm" fw={700} data-testid="order-detail-total">
            {money(data.total)}
          </Text>
        </Group>
      </Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Payment
          </Text>
          <Text size="sm" c="dimmed" data-testid="order-payment">
            {paymentText(data)}
          </Text>
          {data.notes && (
            <>
              <Text size="sm" fw={500} mt="xs">
                Notes
              </Text>
              <Text size="sm" c="dimmed">
                {data.notes}
              </Text>
            </>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Status
          </Text>
          <OrderTimeline order={data} />
        </Stack>
      </Group>
      <Divider />
      <Group justify="flex-end">
        {data.status === 'pending' && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => setConfirming(true)}
          >
            Cancel order
          </Button>
        )}
        <Button
          leftSection={<IconShoppingCartPlus size={16} />}
          loading={buying}
          onClick={() => void buyAgain()}
        >
          Buy again
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel order #${short}?`}
        centered
      >
        <Text size="sm" mb="lg">
          The order will be cancelled and its items go back on the shelf. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep order
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={confirmCancel}>
            Yes, cancel order
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
