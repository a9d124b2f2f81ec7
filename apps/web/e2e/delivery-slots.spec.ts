/**
 * Delivery slots in Chromium (issue 21 part 1, docs/delivery-slots.md): a shopper picks a slot at
 * checkout and My Orders shows it as the order's estimated delivery; a member of staff blocks a
 * slot and checkout no longer offers it, while an order still naming it is refused with the next
 * free slots. The e2e server's demo zone covers every postal code, four windows a day.
 */
import { sql } from './admin-fixtures';
import { expect, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { dismissToasts, expectToast } from './support/toast';
import { cents, dollars, orderCard, putInCart } from './support/orders';
import { expectNoAxeViolations } from './support/axe';

interface Slot {
  templateId: string;
  date: string;
  start: string;
  end: string;
}

async function productInStock(page: Page) {
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    name: string;
    price: string;
    stock: number;
  }[];
  return products.find((p) => p.stock >= 25)!;
}

/** The open slots checkout would offer for this address, through the api as the page asks. */
async function openSlots(page: Page, shippingAddress: string): Promise<Slot[]> {
  const answer = await page.request.get(
    `/api/delivery/slots?shippingAddress=${encodeURIComponent(shippingAddress)}`,
  );
  expect(answer.status()).toBe(200);
  return (await answer.json()).slots as Slot[];
}

const hhmm = (iso: string) => iso.slice(11, 16);
const ADDRESS = '7 Slot Street, Springfield, IL 62701, US';

test('a shopper picks the second slot at checkout; My Orders shows it', async ({ page }) => {
  await signIn(page, freshEmail('slots'));
  const product = await productInStock(page);
  const slots = await openSlots(page, ADDRESS);
  expect(slots.length).toBeGreaterThan(1);
  const second = slots[1]!;

  await putInCart(page, product, 1);
  await page.goto('/checkout');
  const total = dollars(cents(product.price));
  await expect(page.getByTestId('summary-total')).toHaveText(total);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Shipping address').fill(ADDRESS);

  const group = page.getByRole('radiogroup', { name: 'Delivery slot' });
  await expect(group).toBeVisible();
  const options = group.getByRole('radio');
  await expect(options.first()).toBeChecked();
  const pick = group
    .getByRole('radio', { name: new RegExp(`${hhmm(second.start)}–${hhmm(second.end)}`) })
    .first();
  await pick.click();
  await expect(pick).toBeChecked();
  await expectNoAxeViolations(page, 'checkout with delivery slots');

  const placed = page.waitForResponse(
    (response) => response.url().includes('orders.create') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: `Place Order - ${total}` }).click();
  const body = (await placed).request().postDataJSON() as Record<string, { deliverySlot?: unknown }>;
  expect(JSON.stringify(body)).toContain(
    `"deliverySlot":{"templateId":"${second.templateId}","date":"${second.date}"}`,
  );
  const toast = await expectToast(page, 'Order placed successfully!');
  const shortId = /^Order #([0-9a-f]{8})/.exec(
    await toast.locator('.mantine-Notification-description').innerText(),
  )![1]!;
  await dismissToasts(page);

  const card = orderCard(page, shortId);
  await expect(card.getByTestId('order-slot')).toContainText(`${hhmm(second.start)}–${hhmm(second.end)}`);
  await expect(card.getByTestId('order-eta')).toContainText('Estimated delivery:');
  const [row] = await sql<{ template: string; date: string }>(
    `SELECT delivery_slot_template_id::text AS template, to_char(delivery_slot_date, 'YYYY-MM-DD') AS date
     FROM orders WHERE id::text LIKE $1`,
    [`${shortId}%`],
  );
  expect(row).toEqual({ template: second.templateId, date: second.date });
});

test('staff block a slot on Admin → Delivery: checkout stops offering it, an order naming it is 409', async ({
  page,
  browser,
}) => {
  await signIn(page, freshEmail('blocked'));
  const product = await productInStock(page);
  const [first] = await openSlots(page, ADDRESS);
  expect(first).toBeDefined();

  // Staff: sales@ blocks it on Admin → Delivery, the day's slots with their load.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.sales);
  await staffPage.goto('/admin/delivery');
  await expect(staffPage.getByRole('heading', { name: 'Delivery', level: 1 })).toBeVisible();
  await expect(staffPage.getByTestId('delivery-zone')).toContainText('Local delivery');
  await staffPage.getByRole('textbox', { name: 'Day' }).fill(first!.date);
  const window = `${hhmm(first!.start)}–${hhmm(first!.end)}`;
  const row = staffPage.getByTestId('delivery-day-slot').filter({ hasText: window });
  await expect(row.getByTestId('slot-load')).toHaveText(/^\d+ \/ 200$/);
  await expectNoAxeViolations(staffPage, 'admin delivery');
  await row.getByRole('button', { name: `Block Local delivery ${window}` }).click();
  await expect(row).toContainText('Blocked');
  await expect(row.getByRole('button', { name: `Unblock Local delivery ${window}` })).toBeVisible();
  const [slotRow] = await sql<{ blocked: boolean }>(
    `SELECT blocked FROM delivery_slots WHERE template_id = $1 AND slot_date = $2`,
    [first!.templateId, first!.date],
  );
  expect(slotRow?.blocked).toBe(true);

  try {
    await putInCart(page, product, 1);
    await page.goto('/checkout');
    await page.getByLabel('Shipping address').fill(ADDRESS);
    const group = page.getByRole('radiogroup', { name: 'Delivery slot' });
    await expect(group.getByRole('radio').first()).toBeChecked();
    const offered = await group.getByRole('radio').allInnerTexts();
    const firstDay = new Date(first!.start).getUTCDate();
    expect(offered.filter((text) => text.includes(window) && text.includes(` ${firstDay} `))).toEqual([]);

    // A client still naming it (a stale page) is refused with the next free slots.
    const answer = await page.request.post('/api/orders', {
      data: {
        items: [{ productId: product.id, quantity: 1, price: product.price }],
        total: product.price,
        paymentMethod: 'cash_on_delivery',
        shippingAddress: ADDRESS,
        deliverySlot: { templateId: first!.templateId, date: first!.date },
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(409);
    const refusal = await answer.json();
    expect(refusal.details.reason).toBe('SLOT_UNAVAILABLE');
    expect(refusal.details.nextSlots.length).toBeGreaterThan(0);
  } finally {
    await staffPage.request.put(`/api/admin/delivery/slots/${first!.templateId}/${first!.date}/blocked`, {
      data: { blocked: false },
      headers: { origin: new URL(staffPage.url()).origin },
    });
    await staff.close();
  }
});
