/**
 * /admin/orders (docs/product.md §2 Order management, §8 Orders toasts): the cards, search and filter, the
 * View dialog with its timeline, a status change, a refused one, and a cancellation returning stock.
 */
import { expect, test, type Page } from './support/test';
import { DEMO, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { placeOrder, sql, statValue, stockOf } from './admin-fixtures';

// Each test signs in through the real provider and walks several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function openOrders(page: Page, who: string = DEMO.admin) {
  await signIn(page, who);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible();
}

function rowOf(page: Page, id: string) {
  return page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
}

async function setStatus(page: Page, id: string, status: string, notes?: string) {
  await rowOf(page, id).getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Order Status' });
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  if (notes !== undefined) await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Update Status' }).click();
  return dialog;
}

test('an admin moves an order along and sees who did it in the timeline', async ({ page }) => {
  const order = await placeOrder({ quantity: 2, notes: 'Ring the bell' });
  await openOrders(page);
  const [cards] = await sql<{ total: number; pending: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM orders`,
  );
  await expect(statValue(page, 'Total Orders')).toHaveText(String(cards!.total));
  await expect(statValue(page, 'Pending')).toHaveText(String(cards!.pending));

  await page.getByLabel('Search orders').fill(order.id.slice(0, 8));
  const row = rowOf(page, order.id);
  await expect(row).toContainText(`#${order.id.slice(0, 8)}`);
  await expect(row).toContainText('42 Market Street');
  await expect(row).not.toContainText('Springfield');
  await expect(row).toContainText('Credit Card');
  await expect(row.getByTestId('order-status')).toHaveText('Pending');

  // The dialog starts on the current status; the change is recorded with the note.
  await row.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Order Status' });
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
  await page.keyboard.press('Escape');
  await setStatus(page, order.id, 'Processing', '  Packed by the e2e test  ');
  await expectToast(page, 'Order status updated', `Order #${order.id.slice(0, 8)} is now Processing.`);
  await expect(row.getByTestId('order-status')).toHaveText('Processing');
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');

  // A move the server refuses: its message is shown.
  await setStatus(page, order.id, 'Pending');
  await expectToast(
    page,
    'Failed to update order status',
    'An order that is processing cannot become pending',
    'destructive',
  );
  await page.keyboard.press('Escape');
  await expect(row.getByTestId('order-status')).toHaveText('Processing');

  await row.getByRole('button', { name: `View order ${order.id.slice(0, 8)}` }).click();
  const view = page.getByTestId('order-details');
  await expect(view).toContainText('Credit Card');
  await expect(view).toContainText('Casey Customer · **** 4242');
  await expect(view).toContainText('42 Market Street, Springfield, IL 62701, US');
  await expect(view).toContainText('Ring the bell');
  await expect(view.getByTestId('order-item')).toContainText(order.productName);
  await expect(view.getByTestId('order-item')).toContainText('Qty 2');
  const entry = view.getByTestId('timeline-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Pending → Processing');
  await expect(entry).toContainText('Ada Admin');
  await expect(entry).toContainText('Packed by the e2e test');
});

test('cancelling returns the stock once; the status filter finds it', async ({ page }) => {
  const order = await placeOrder({ quantity: 3 });
  const before = await stockOf(order.productId);
  await openOrders(page, DEMO.sales);
  await page.getByLabel('Search orders').fill(order.id);
  await setStatus(page, order.id, 'Cancelled', 'Customer changed their mind');
  await expectToast(page, 'Order status updated', `Order #${order.id.slice(0, 8)} is now Cancelled.`);
  expect(await stockOf(order.productId)).toBe(before + 3);

  await setStatus(page, order.id, 'Processing');
  await expectToast(
    page,
    'Failed to update order status',
    'An order that is cancelled cannot become processing',
    'destructive',
  );
  await page.keyboard.press('Escape');
  expect(await stockOf(order.productId)).toBe(before + 3);

  await page.getByLabel('Search orders').fill('');
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
  await expect(rowOf(page, order.id)).toBeVisible();
  for (const status of await page.getByTestId('order-row').getByTestId('order-status').allInnerTexts()) {
    expect(status).toBe('Cancelled');
  }
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Pending', exact: true }).click();
  await expect(rowOf(page, order.id)).toHaveCount(0);
});
