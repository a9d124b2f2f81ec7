/** Add or edit a saved address (docs/product.md §5 address form: all required, country 'US', isDefault false). */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ADDRESS_LIMITS,
  AddressInput,
  DEFAULT_COUNTRY,
  type AddressDto,
  type AddressFormValues,
} from '@shop/schema';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { useCreateAddress, useUpdateAddress } from '../api/use-addresses';

type Field = keyof AddressFormValues;
type Errors = Partial<Record<Field, string>>;

const EMPTY: AddressFormValues = {
  title: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_COUNTRY,
  isDefault: false,
};

function initialValues(address: AddressDto | null): AddressFormValues {
  if (!address) return EMPTY;
  const { title, street, city, state, zipCode, country, isDefault } = address;
  return { title, street, city, state, zipCode, country, isDefault };
}

interface Props {
  opened: boolean;
  /** The address to edit; null adds a new one. */
  address: AddressDto | null;
  onClose: () => void;
}

/** Remount per opening (`key`) so the form starts from the address being edited. */
export function AddressFormDialog({ opened, address, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={address ? 'Edit Address' : 'Add New Address'} centered>
      {opened && <AddressForm address={address} onDone={onClose} />}
    </Modal>
  );
}

function AddressForm({ address, onDone }: { address: AddressDto | null; onDone: () => void }) {
  const [values, setValues] = useState<AddressFormValues>(() => initialValues(address));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const saving = create.isPending || update.isPending;
  const alreadyDefault = address?.isDefault ?? false;

  const set = (field: Field) => (value: string | boolean) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = AddressInput.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      if (address) {
        // The default stays the default until another address is made the default.
        const { isDefault, ...fields } = parsed.data;
        await update.mutateAsync({
          id: address.id,
          ...fields,
          ...(isDefault && !alreadyDefault && { isDefault }),
        });
        toast({ title: 'Address updated' });
      } else {
        await create.mutateAsync(parsed.data);
        toast({ title: 'Address added' });
      }
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    }
  }

  const text = (field: Exclude<Field, 'isDefault'>, label: string, placeholder?: string) => (
    <TextInput
      label={label}
      placeholder={placeholder}
      withAsterisk
      maxLength={ADDRESS_LIMITS[field]}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {text('title', 'Title', 'e.g., Home, Work')}
        {text('street', 'Street Address', '123 Main Street')}
        <SimpleGrid cols={2}>
          {text('city', 'City', 'New York')}
          {text('state', 'State', 'NY')}
        </SimpleGrid>
        <SimpleGrid cols={2}>
          {text('zipCode', 'ZIP Code', '10001')}
          {text('country', 'Country', DEFAULT_COUNTRY)}
        </SimpleGrid>
        <Checkbox
          label="Set as default address"
          checked={values.isDefault}
          disabled={alreadyDefault}
          onChange={(event) => set('isDefault')(event.currentTarget.checked)}
        />
        {alreadyDefault && (
          <Text size="xs" c="dimmed">
            This is your default address. To change it, make another address the default.
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {address ? 'Update Address' : 'Add Address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
