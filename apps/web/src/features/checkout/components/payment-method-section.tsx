/** Payment method (docs/product.md §2 Checkout): card (default), cash on delivery, bank transfer, each with its panel. */
import { Alert, Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingBank, IconCash, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS, type PaymentMethod } from '@shop/schema';
import {
  formatCardNumber,
  formatCvv,
  formatExpiry,
  type CheckoutField,
  type CheckoutForm,
} from '../checkout-form';

const ICONS: Record<PaymentMethod, ReactNode> = {
  card: <IconCreditCard size={20} />,
  cash_on_delivery: <IconCash size={20} />,
  bank_transfer: <IconBuildingBank size={20} />,
};

const HINTS: Record<PaymentMethod, string> = {
  card: 'Pay with your credit or debit card',
  cash_on_delivery: 'Pay when your order arrives',
  bank_transfer: 'Transfer the amount from your bank',
};

interface Props {
  form: CheckoutForm;
  /** Messages under the refused fields (Mantine marks them aria-invalid, tied by aria-describedby). */
  errors: Partial<Record<CheckoutField, string>>;
  onChange: (changes: Partial<CheckoutForm>) => void;
}

export function PaymentMethodSection({ form, errors, onChange }: Props) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h3" mb="md">
        Payment Method
      </Title>
      <Radio.Group
        value={form.paymentMethod}
        onChange={(value) => onChange({ paymentMethod: value as PaymentMethod })}
        aria-label="Payment method"
        error={errors.paymentMethod}
        data-checkout-field="paymentMethod"
      >
        <Stack gap="sm">
          {PAYMENT_METHODS.map((method) => (
            <Radio.Card key={method} value={method} radius="md" p="md" data-testid={`payment-${method}`}>
              <Group wrap="nowrap" align="center">
                <Radio.Indicator />
                {ICONS[method]}
                <div>
                  <Text fw={600}>{PAYMENT_METHOD_LABEL[method]}</Text>
                  <Text size="sm" c="dimmed">
                    {HINTS[method]}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>

      {form.paymentMethod === 'card' && (
        <Stack gap="sm" mt="lg" data-testid="card-panel">
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            title="Demo only: your card is not charged"
          >
            This shop does not process card payments. Only the cardholder name and the last 4 digits of the
            card number are sent with your order; the full number, expiry date and CVV never leave this page.
          </Alert>
          <TextInput
            label="Card Number"
            error={errors.cardNumber}
            data-checkout-field="cardNumber"
            placeholder="1234 5678 9012 3456"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={19}
            value={form.cardNumber}
            onChange={(event) => onChange({ cardNumber: formatCardNumber(event.currentTarget.value) })}
          />
          <SimpleGrid cols={2}>
            <TextInput
              label="Expiry Date"
              error={errors.expiry}
              data-checkout-field="expiry"
              placeholder="MM/YY"
              inputMode="numeric"
              autoComplete="cc-exp"
              maxLength={5}
              value={form.expiry}
              onChange={(event) => onChange({ expiry: formatExpiry(event.currentTarget.value) })}
            />
            <TextInput
              label="CVV"
              error={errors.cvv}
              data-checkout-field="cvv"
              placeholder="123"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={form.cvv}
              onChange={(event) => onChange({ cvv: formatCvv(event.currentTarget.value) })}
            />
          </SimpleGrid>
          <TextInput
            label="Cardholder Name"
            error={errors.cardHolderName}
            data-checkout-field="cardHolderName"
            placeholder="Name on the card"
            autoComplete="cc-name"
            maxLength={200}
            value={form.cardHolderName}
            onChange={(event) => onChange({ cardHolderName: event.currentTarget.value })}
          />
        </Stack>
      )}

      {form.paymentMethod === 'cash_on_delivery' && (
        <Text size="sm" c="dimmed" mt="lg" data-testid="cash-panel">
          Please have the exact amount ready when your order is delivered.
        </Text>
      )}

      {form.paymentMethod === 'bank_transfer' && (
        <Stack gap="sm" mt="lg" data-testid="bank-panel">
          <Text size="sm" c="dimmed">
            We will send the transfer instructions with your order confirmation.
          </Text>
          <TextInput
            label="Bank Name"
            error={errors.bankName}
            data-checkout-field="bankName"
            placeholder="Your bank"
            maxLength={200}
            value={form.bankName}
            onChange={(event) => onChange({ bankName: event.currentTarget.value })}
          />
          <TextInput
            label="Account Number"
            error={errors.bankAccountNumber}
            data-checkout-field="bankAccountNumber"
            placeholder="Account number or IBAN"
            maxLength={64}
            value={form.bankAccountNumber}
            onChange={(event) => onChange({ bankAccountNumber: event.currentTarget.value })}
          />
        </Stack>
      )}
    </Card>
  );
}
