/**
 * Order emails in the zero-configuration mode (no SMTP_URL): a shopper's order is confirmed by an
 * email that staff find in Admin → Outbox, with its lines in the preview (docs/architecture.md §4
 * "Order emails"). The SMTP path is tested against a real SMTP server in
 * apps/api/src/modules/mail/order-emails.test.ts.
 */
import { DEMO, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect, scannedContext, test } from './support/test';

test('a placed order is confirmed by email: staff see it in the outbox and preview it', async ({
  browser,
  page,
}) => {
  const shopper = await scannedContext(browser);
  const shopperPage = await shopper.newPage();
  await signIn(shopperPage, DEMO.customer);
  const products = (await (await shopperPage.request.get('/api/products')).json()) as {
    id: string;
    name: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock >= 20)!;
  const placed = await shopperPage.request.post('/api/orders', {
    data: {
      items: [{ productId: product.id, quantity: 2, price: product.price }],
      total: ((Math.round(Number(product.price) * 100) * 2) / 100).toFixed(2),
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '7 Outbox Lane, Springfield',
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { id: string };
  await shopper.close();

  await signIn(page, DEMO.sales);
  await page.goto('/admin/outbox');
  await expect(page).toHaveTitle('Outbox · Admin · FreshCart');
  const subject = `Your order #${order.id.slice(0, 8)} is confirmed`;
  const row = page.getByTestId('outbox-row').filter({ hasText: subject });
  // The worker polls every 2 s; the screen refetches on focus, so reload until it is there.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText(DEMO.customer);
  await expect(row).toContainText('In the outbox');
  await expectNoAxeViolations(page, 'the outbox');

  await row.getByRole('button', { name: `Preview: ${subject}` }).click();
  await expect(page.getByRole('dialog', { name: subject })).toBeVisible();
  const html = page.frameLocator('[data-testid="email-html"]');
  await expect(html.getByRole('heading', { name: subject })).toBeVisible();
  await expect(html.getByText(product.name)).toBeVisible();
  await page.getByRole('tab', { name: 'Text' }).click();
  await expect(page.getByTestId('email-text')).toContainText(`2 × ${product.name}`);
  await expectNoAxeViolations(page, 'the email preview', ['[data-testid="email-html"]']);
});
