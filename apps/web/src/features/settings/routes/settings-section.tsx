/**
 * Admin → Settings (issue 19 item 6, admins): the shop's name, currency, delivery fee and the order
 * value from which delivery is free, the tax rate (added or included), and the minimum order. The
 * save sends the version the form loaded: when another admin saved meanwhile, the form says what
 * changed and reloads instead of undoing their change.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import {
  CURRENCIES,
  DEFAULT_SUBSTITUTIONS,
  SUBSTITUTION_LABEL,
  ShopSettingsDto,
  formatMoney,
  type DefaultSubstitution,
} from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { serverIssues } from '../../../lib/use-admin-errors';

interface FormValues {
  shopName: string;
  currency: string;
  deliveryFee: string;
  freeDeliveryThreshold: string;
  taxRate: string;
  taxInclusive: boolean;
  minimumOrder: string;
  defaultSubstitution: DefaultSubstitution;
}

const LABELS: Record<keyof FormValues, string> = {
  shopName: 'Shop name',
  currency: 'Currency',
  deliveryFee: 'Delivery fee',
  freeDeliveryThreshold: 'Free delivery from',
  taxRate: 'Tax rate (%)',
  taxInclusive: 'Prices include tax',
  minimumOrder: 'Minimum order value',
  defaultSubstitution: 'If an item is out of stock',
};

function toForm(settings: ShopSettingsDto): FormValues {
  return {
    shopName: settings.shopName,
    currency: settings.currency,
    deliveryFee: settings.deliveryFee,
    freeDeliveryThreshold: settings.freeDeliveryThreshold ?? '',
    taxRate: settings.taxRate,
    taxInclusive: settings.taxInclusive,
    minimumOrder: settings.minimumOrder,
    defaultSubstitution: settings.defaultSubstitution,
  };
}

function SettingsForm({ loaded }: { loaded: ShopSettingsDto }) {
  const utils = trpc.useUtils();
  const save = trpc.settings.update.useMutation();
  const edit = useEditConflict<ShopSettingsDto>(loaded, ShopSettingsDto);
  const [values, setValues] = useState<FormValues>(() => toForm(loaded));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const changedFields = edit.conflict
    ? (Object.keys(LABELS) as (keyof FormValues)[])
        .filter((key) => toForm(edit.conflict!.current)[key] !== toForm(edit.baseline)[key])
        .map((key) => LABELS[key])
    : [];

  const submit = () => {
    setErrors({});
    save.mutate(
      {
        shopName: values.shopName,
        currency: values.currency as ShopSettingsDto['currency'],
        deliveryFee: values.deliveryFee,
        freeDeliveryThreshold:
          values.freeDeliveryThreshold.trim() === '' ? null : values.freeDeliveryThreshold,
        taxRate: values.taxRate,
        taxInclusive: values.taxInclusive,
        minimumOrder: values.minimumOrder,
        defaultSubstitution: values.defaultSubstitution,
        version: edit.baseline.version,
      },
      {
        onSuccess: (saved) => {
          edit.setBaseline(saved);
          setValues(toForm(saved));
          utils.settings.get.setData(undefined, saved);
          toast({ title: 'Settings saved', description: 'The next orders use the new settings.' });
        },
        onError: (error) => {
          if (edit.catchConflict(error)) return;
          const fieldErrors = Object.fromEntries(
            serverIssues(error).map((issue) => [issue.path, issue.message]),
          );
          setErrors(fieldErrors);
          toast({
            title: 'Failed to save settings',
            description: errorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const reload = () => {
    const current = edit.reload();
    if (current) {
      setValues(toForm(current));
      utils.settings.get.setData(undefined, current);
    }
  };

  const example = formatMoney('1234.5', values.currency);

  return (
    <Card withBorder padding="lg" radius="md" maw={720} data-testid="settings-form">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {edit.conflict && <EditConflictAlert what="settings" changed={changedFields} onReload={reload} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={LABELS.shopName}
              required
              value={values.shopName}
              onChange={(event) => set('shopName', event.currentTarget.value)}
              error={errors.shopName}
            />
            <Select
              label={LABELS.currency}
              data={[...CURRENCIES]}
              allowDeselect={false}
              value={values.currency}
              onChange={(value) => value && set('currency', value)}
              description={`Amounts read like ${example}`}
              error={errors.currency}
            />
            <TextInput
              label={LABELS.deliveryFee}
              description="0 for free delivery"
              inputMode="decimal"
              value={values.deliveryFee}
              onChange={(event) => set('deliveryFee', event.currentTarget.value)}
              error={errors.deliveryFee}
            />
            <TextInput
              label={LABELS.freeDeliveryThreshold}
              description="Orders of at least this much are delivered free; empty: never"
              inputMode="decimal"
              value={values.freeDeliveryThreshold}
              onChange={(event) => set('freeDeliveryThreshold', event.currentTarget.value)}
              error={errors.freeDeliveryThreshold}
            />
            <TextInput
              label={LABELS.taxRate}
              inputMode="decimal"
              value={values.taxRate}
              onChange={(event) => set('taxRate', event.currentTarget.value)}
              error={errors.taxRate}
            />
            <TextInput
              label={LABELS.minimumOrder}
              description="0 for no minimum"
              inputMode="decimal"
              value={values.minimumOrder}
              onChange={(event) => set('minimumOrder', event.currentTarget.value)}
              error={errors.minimumOrder}
            />
            <Select
              label={LABELS.defaultSubstitution}
              description="For items whose shopper did not choose at checkout"
              data={DEFAULT_SUBSTITUTIONS.map((value) => ({ value, label: SUBSTITUTION_LABEL[value] }))}
              allowDeselect={false}
              value={values.defaultSubstitution}
              onChange={(value) => value && set('defaultSubstitution', value as DefaultSubstitution)}
              error={errors.defaultSubstitution}
            />
          </SimpleGrid>
          <Checkbox
            label={LABELS.taxInclusive}
            description="Checked: prices already include the tax, and the total shows how much of it is tax"
            checked={values.taxInclusive}
            onChange={(event) => set('taxInclusive', event.currentTarget.checked)}
          />
          <Text size="sm" c="dimmed">
            Fees and tax apply to orders placed from now on; orders already placed keep theirs.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} />}>
              Save Settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function SettingsSection() {
  const settings = trpc.settings.get.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (settings.isFetchedAfterMount) setReady(true);
  }, [settings.isFetchedAfterMount]);
  if (settings.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="We could not load the settings">
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  if (!ready || !settings.data) return <Skeleton h={360} maw={720} data-testid="settings-loading" />;
  return <SettingsForm loaded={settings.data} />;
}
