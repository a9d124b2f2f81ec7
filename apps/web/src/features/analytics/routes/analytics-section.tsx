/**
 * Admin → Analytics (issue 19 item 5): revenue per day, week or month over a chosen range (placed
 * vs delivered), orders by status, the average order value, top products by revenue and by units,
 * top categories, low-stock and out-of-stock counts, and the range's orders as a CSV file.
 *
 * This module and @mantine/charts (with recharts) are a chunk of their own, loaded only when the
 * section opens (features/admin/routes/admin-panel.page.tsx): neither shoppers nor the other admin screens download them.
 */
import '@mantine/charts/styles.css';
import { useState } from 'react';
import { BarChart, BarsList } from '@mantine/charts';
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconDownload,
  IconPackageOff,
  IconReceipt,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  AnalyticsRangeInput,
  formatMoney,
  statusLabel,
  type AnalyticsBucket,
  type AnalyticsDto,
} from '@shop/schema';
import { useSalesAnalytics } from '../api/use-analytics';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { StatCard } from '../../../components/staff/stat-card';

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(today.getTime() - (days - 1) * DAY)), to: isoDay(today) };
}

const PRESETS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '12 months' },
];

const BUCKETS: { value: AnalyticsBucket; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const amount = (value: string) => Number(value);
const money = (value: number) => formatMoney(value);

export function AnalyticsSection() {
  const [range, setRange] = useState(() => lastDays(30));
  const [preset, setPreset] = useState('30');
  const [bucket, setBucket] = useState<AnalyticsBucket>('day');
  const checked = AnalyticsRangeInput.safeParse(range);
  const rangeError = checked.success ? undefined : checked.error.issues[0]?.message;
  const query = useSalesAnalytics({ ...range, bucket });
  useUnauthorizedRedirect(query.error);
  const data = checked.success ? query.data : undefined;

  const choosePreset = (value: string) => {
    setPreset(value);
    setRange(lastDays(Number(value)));
    if (Number(value) > 90 && bucket === 'day') setBucket('week');
  };
  const setDay = (key: 'from' | 'to', value: string) => {
    setPreset('');
    setRange((current) => ({ ...current, [key]: value }));
  };
  const exportHref = `/api/admin/analytics/orders.csv?from=${range.from}&to=${range.to}`;

  return (
    <Stack gap="md" data-testid="admin-analytics">
      <Card withBorder radius="md" padding="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SegmentedControl aria-label="Range" value={preset} onChange={choosePreset} data={PRESETS} />
          <TextInput
            type="date"
            label="From"
            value={range.from}
            onChange={(e) => setDay('from', e.currentTarget.value)}
            error={
              rangeError && rangeError !== 'The start must not be after the end' ? rangeError : undefined
            }
          />
          <TextInput
            type="date"
            label="To"
            value={range.to}
            onChange={(e) => setDay('to', e.currentTarget.value)}
            error={rangeError === 'The start must not be after the end' ? rangeError : undefined}
          />
          <SegmentedControl
            aria-label="Group by"
            value={bucket}
            onChange={(value) => setBucket(value as AnalyticsBucket)}
            data={BUCKETS}
          />
          <Button
            component="a"
            href={checked.success ? exportHref : undefined}
            download
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!checked.success}
          >
            Export orders (CSV)
          </Button>
        </Group>
      </Card>

      {query.isError && (
        <Alert color="red" title="The analytics could not be loaded">
          Please try again.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <StatCard
          label="Placed revenue"
          value={data ? formatMoney(data.totals.placedRevenue) : ''}
          caption="Orders placed, cancelled ones left out"
          icon={<IconCash size={22} />}
          loading={!data}
        />
        <StatCard
          label="Delivered revenue"
          value={data ? formatMoney(data.totals.deliveredRevenue) : ''}
          caption="Of those, delivered"
          icon={<IconTruckDelivery size={22} />}
          color="teal"
          loading={!data}
        />
        <StatCard
          label="Orders"
          value={data?.totals.placedOrders ?? ''}
          caption={data ? `${data.totals.cancelledOrders} cancelled` : undefined}
          icon={<IconReceipt size={22} />}
          color="blue"
          loading={!data}
        />
        <StatCard
          label="Average order value"
          value={data ? formatMoney(data.totals.averageOrderValue) : ''}
          icon={<IconCash size={22} />}
          color="grape"
          loading={!data}
        />
        <StatCard
          label="Low stock"
          value={data?.stock.lowStock ?? ''}
          caption="Active products, now"
          icon={<IconAlertTriangle size={22} />}
          color="orange"
          loading={!data}
        />
        <StatCard
          label="Out of stock"
          value={data?.stock.outOfStock ?? ''}
          caption="Active products, now"
          icon={<IconPackageOff size={22} />}
          color="red"
          loading={!data}
        />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md" data-testid="revenue-chart">
        <Title order={2} size="h4" mb="sm">
          Revenue per {bucket}
        </Title>
        {data ? <RevenueChart data={data} /> : <Skeleton h={280} />}
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="md" data-testid="status-chart">
          <Title order={2} size="h4" mb="sm">
            Orders by status
          </Title>
          {data ? (
            <Box
              role="img"
              aria-label={data.ordersByStatus
                .map((row) => `${statusLabel(row.status)}: ${row.count}`)
                .join(', ')}
            >
              <BarChart
                h={240}
                data={data.ordersByStatus.map((row) => ({
                  status: statusLabel(row.status),
                  Orders: row.count,
                }))}
                dataKey="status"
                series={[{ name: 'Orders', color: 'blue.6' }]}
                withBarValueLabel
              />
            </Box>
          ) : (
            <Skeleton h={240} />
          )}
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="top-categories">
          <Title order={2} size="h4" mb="sm">
            Top categories
          </Title>
          {data ? (
            <TopList
              rows={data.topCategories.map((c) => ({ name: c.name, value: amount(c.revenue) }))}
              valueLabel="Revenue"
              format={money}
            />
          ) : (
            <Skeleton h={240} />
          )}
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="top-products-revenue">
          <Title order={2} size="h4" mb="sm">
            Top products by revenue
          </Title>
          {data ? (
            <TopList
              rows={data.topProductsByRevenue.map((p) => ({ name: p.name, value: amount(p.revenue) }))}
              valueLabel="Revenue"
              format={money}
            />
          ) : (
            <Skeleton h={240} />
          )}
        </Card>
        <Card withBorder radius="md" padding="md" data-testid="top-products-units">
          <Title order={2} size="h4" mb="sm">
            Top products by units
          </Title>
          {data ? (
            <TopList
              rows={data.topProductsByUnits.map((p) => ({ name: p.name, value: p.units }))}
              valueLabel="Units"
              format={(value) => String(value)}
            />
          ) : (
            <Skeleton h={240} />
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function RevenueChart({ data }: { data: AnalyticsDto }) {
  const rows = data.revenue.map((row) => ({
    period: row.period,
    Placed: amount(row.placed),
    Delivered: amount(row.delivered),
  }));
  // The chart is a picture to assistive technology; its label says what it shows in words.
  return (
    <Box
      role="img"
      aria-label={`Revenue per ${data.bucket} from ${data.from} to ${data.to}: placed ${formatMoney(
        data.totals.placedRevenue,
      )}, delivered ${formatMoney(data.totals.deliveredRevenue)}`}
    >
      <BarChart
        h={280}
        data={rows}
        dataKey="period"
        series={[
          { name: 'Placed', color: 'green.6' },
          { name: 'Delivered', color: 'teal.8' },
        ]}
        valueFormatter={money}
        withLegend
      />
    </Box>
  );
}

function TopList({
  rows,
  valueLabel,
  format,
}: {
  rows: { name: string; value: number }[];
  valueLabel: string;
  format: (value: number) => string;
}) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No sales in this range
      </Text>
    );
  }
  return (
    <BarsList
      data={rows.map((row) => ({ ...row, color: 'green.2' }))}
      barsLabel="Name"
      valueLabel={valueLabel}
      valueFormatter={format}
      barTextColor="dark.9"
    />
  );
}
