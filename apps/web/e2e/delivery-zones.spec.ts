/**
 * Editing delivery zones and their weekly slots on Admin → Delivery (issue 21 part 1,
 * docs/delivery-slots.md "Staff screens"), as staff and shoppers see it: an admin adds a zone for
 * a postal-code prefix and a slot to it (the form's and the server's refusals shown on the fields),
 * checkout at an address in that zone offers the window, the day view shows its load, the capacity
 * is changed from the keyboard, then the slot and the zone are deleted after a confirmation. Staff
 * who may only look at orders (`orders:read_all`) see the same lists without a button.
 *
 * Specs share one database: everything made here is deleted again (also when a step fails), and
 * the window is one no other spec uses, so the demo zone's rows stay the only ones they match.
 */
import { sql } from './admin-fixtures';
import { expect, scannedContext, test, type Page } from './support/test';
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { putInCart } from './support/orders';
import { dismissToasts, expectToast } from './support/toast';
import { uniqueWord } from './support/unique';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Tomorrow (UTC, the shop's dates): far enough ahead that its early window is open whatever the hour. */
function tomorrow() {
  const day = new Date(
    Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
  );
  return {
    date: day.toISOString().slice(0, 10),
    weekday: WEEKDAYS[day.getUTCDay()]!,
    /** As checkout says it: 'Tue 2 Dec'. */
    label: `${WEEKDAYS[day.getUTCDay()]!.slice(0, 3)} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`,
  };
}

async function openDelivery(page: Page) {
  await page.goto('/admin/delivery');
  await expect(page.getByRole('heading', { name: 'Delivery', level: 1 })).toBeVisible();
  await expect(page.getByTestId('delivery-zone').filter({ hasText: 'Local delivery' })).toBeVisible();
}

const zoneSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('an admin adds a zone and a slot, checkout offers it, the capacity changes, both are deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const word = uniqueWord();
  const zoneName = `Zone ${word}`;
  const prefix = `ZQ${word.slice(0, 5).toUpperCase()}`;
  const address = `9 Prefix Lane, Testville, ST ${prefix}7, US`;
  const day = tomorrow();
  const window = '06:10–07:50';
  const slotName = `${day.weekday} ${window}`;

  try {
    await signIn(page, DEMO.admin);
    await openDelivery(page);

    // Add zone: the form's own check, then the server's 409 for a name in use, both on the field.
    await page.getByRole('button', { name: 'Add zone' }).click();
    const addZone = page.getByRole('dialog', { name: 'Add zone' });
    await expect(addZone.getByLabel('Name')).toBeFocused();
    await expectNoAxeViolations(page, 'the Add zone dialog');
    await addZone.getByRole('button', { name: 'Add zone' }).click();
    await expect(addZone.getByText('name is required')).toBeVisible();
    await addZone.getByLabel('Name').fill('Local delivery');
    await addZone.getByLabel('Postal-code prefixes').fill(prefix.toLowerCase());
    await addZone.getByRole('button', { name: 'Add zone' }).click();
    await expect(addZone.getByText('A delivery zone named "Local delivery" already exists')).toBeVisible();
    await expectToast(page, 'Could not save the zone', undefined, 'destructive');
    await dismissToasts(page);
    await addZone.getByLabel('Name').fill(zoneName);
    await addZone.getByRole('button', { name: 'Add zone' }).click();
    await expectToast(page, 'Zone added', zoneName);
    await expect(addZone).toHaveCount(0);
    const zone = zoneSection(page, zoneName);
    await expect(zone.getByTestId('zone-prefixes')).toHaveText(`Postal codes: ${prefix}…`);
    await expect(zone).toContainText('No weekly slots yet');

    // Add slot: an end before the start is refused on the field, then the slot is saved.
    await zone.getByRole('button', { name: `Add slot to ${zoneName}` }).click();
    const addSlot = page.getByRole('dialog', { name: `Add slot to ${zoneName}` });
    await expectNoAxeViolations(page, 'the Add slot dialog');
    await addSlot.getByLabel('Weekday').selectOption({ label: day.weekday });
    await addSlot.getByLabel('Starts (UTC)').fill('06:10');
    await addSlot.getByLabel('Ends (UTC)').fill('05:00');
    await addSlot.getByLabel('Capacity').fill('7');
    await addSlot.getByLabel('Cut-off (hours)').fill('1');
    await addSlot.getByLabel('Delivery fee').fill('4.5');
    await addSlot.getByRole('button', { name: 'Add slot' }).click();
    await expect(addSlot.getByText('end must be after start')).toBeVisible();
    await addSlot.getByLabel('Ends (UTC)').fill('07:50');
    await addSlot.getByRole('button', { name: 'Add slot' }).click();
    await expectToast(page, 'Slot added', `${zoneName}: ${slotName}`);
    const row = zone.getByTestId('slot-template').filter({ hasText: window });
    await expect(row).toContainText(day.weekday);
    await expect(row.getByTestId('template-capacity')).toHaveText('7 orders');
    await expect(row).toContainText('1 h');
    await expect(row).toContainText('4.50');
    const [stored] = await sql<{
      weekday: number;
      capacity: number;
      cutoff_hours: number;
      delivery_fee: string;
    }>(
      `SELECT t.weekday, t.capacity, t.cutoff_hours, t.delivery_fee::text FROM delivery_slot_templates t
       JOIN delivery_zones z ON z.id = t.zone_id WHERE z.name = $1`,
      [zoneName],
    );
    expect(stored).toEqual({
      weekday: WEEKDAYS.indexOf(day.weekday),
      capacity: 7,
      cutoff_hours: 1,
      delivery_fee: '4.50',
    });

    // A shopper at an address in the zone: checkout offers exactly that window, with its fee.
    const shopperContext = await scannedContext(browser);
    try {
      const shopper = await shopperContext.newPage();
      await signIn(shopper, freshEmail('zoned'));
      const products = (await (await shopper.request.get('/api/products')).json()) as {
        id: string;
        name: string;
        price: string;
        stock: number;
      }[];
      await putInCart(
        shopper,
        products.find((p) => p.stock > 5)!,
        1,
      );
      await shopper.goto('/checkout');
      await shopper.getByLabel('Shipping address').fill(address);
      const offered = shopper.getByRole('radiogroup', { name: 'Delivery slot' }).getByRole('radio');
      await expect(offered).toHaveCount(1);
      await expect(shopper.getByTestId('delivery-slot-option')).toContainText(`${day.label}, ${window}`);
      await expect(shopper.getByTestId('delivery-slot-option')).toContainText('4.50');
    } finally {
      await shopperContext.close();
    }

    // The day view shows the slot with its load.
    await page.getByRole('textbox', { name: 'Day' }).fill(day.date);
    const daySlot = page.getByTestId('delivery-day-slot').filter({ hasText: zoneName });
    await expect(daySlot.getByTestId('slot-load')).toHaveText('0 / 7');

    // Edit the capacity, from the keyboard: Enter on the row's Edit, type, Enter saves.
    await dismissToasts(page);
    await row.getByRole('button', { name: `Edit slot ${slotName} of ${zoneName}` }).focus();
    await page.keyboard.press('Enter');
    const editSlot = page.getByRole('dialog', { name: `Edit slot ${slotName} of ${zoneName}` });
    await expect(editSlot.getByLabel('Weekday')).toBeFocused();
    await expect(editSlot.getByLabel('Capacity')).toHaveValue('7');
    await editSlot.getByLabel('Capacity').fill('9');
    await editSlot.getByLabel('Capacity').press('Enter');
    await expectToast(page, 'Slot updated', `${zoneName}: ${slotName}`);
    await expect(editSlot).toHaveCount(0);
    await expect(row.getByTestId('template-capacity')).toHaveText('9 orders');
    await expect(daySlot.getByTestId('slot-load')).toHaveText('0 / 9');

    // Delete the slot, then the zone, each after a confirmation naming it.
    await row.getByRole('button', { name: `Delete slot ${slotName} of ${zoneName}` }).click();
    const deleteSlot = page.getByRole('dialog', { name: `Delete slot ${slotName}?` });
    await expect(deleteSlot).toContainText(zoneName);
    await deleteSlot.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Slot deleted', `${zoneName}: ${slotName}`);
    await expect(zone).toContainText('No weekly slots yet');
    await expect(daySlot).toHaveCount(0);

    await zone.getByRole('button', { name: `Delete zone ${zoneName}` }).click();
    const deleteZone = page.getByRole('dialog', { name: `Delete zone ${zoneName}?` });
    await expect(deleteZone).toContainText(`Delete the zone ${zoneName}?`);
    await expectNoAxeViolations(page, 'the Delete zone dialog');
    await deleteZone.getByRole('button', { name: 'Cancel' }).click();
    await expect(zone).toBeVisible();
    await zone.getByRole('button', { name: `Delete zone ${zoneName}` }).click();
    await deleteZone.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Zone deleted', zoneName);
    await expect(zone).toHaveCount(0);
    expect(await sql(`SELECT 1 FROM delivery_zones WHERE name = $1`, [zoneName])).toEqual([]);
  } finally {
    // Its templates and their slots go with it (ON DELETE CASCADE).
    await sql(`DELETE FROM delivery_zones WHERE name = $1`, [zoneName]);
  }
});

test('staff who may only look at orders see the zones and slots without a button', async ({ page }) => {
  const word = uniqueWord();
  const email = freshEmail('viewer');
  const [role] = await sql<{ id: string }>(
    `INSERT INTO roles (name, description) VALUES ($1, 'Delivery viewer, made by the browser test') RETURNING id`,
    [`Delivery viewer ${word}`],
  );
  try {
    await sql(
      `INSERT INTO role_permissions (role_id, permission_id, granted)
       SELECT $1, id, true FROM permissions WHERE name IN ('admin:access', 'orders:read_all')`,
      [role!.id],
    );
    await sql(
      `INSERT INTO users (email, first_name, last_name, role, role_id) VALUES ($1, 'Vera', 'Viewer', 'customer', $2)`,
      [email, role!.id],
    );
    await signIn(page, email);
    await openDelivery(page);
    const local = zoneSection(page, 'Local delivery');
    await expect(local.getByRole('table', { name: 'Weekly slots of Local delivery' })).toBeVisible();
    await expect(local.getByTestId('slot-template').first()).toContainText('200 orders');
    await expect(page.getByRole('table', { name: 'Delivery slots of the day' })).toBeVisible();
    await expect(page.getByTestId('delivery-day-slot').first()).toBeVisible();
    await expectNoAxeViolations(page, 'admin delivery, read-only');
    for (const name of [/^Add zone/, /^Edit/, /^Delete/, /^Add slot/, /^Block/, /^Unblock/]) {
      await expect(page.getByRole('main').getByRole('button', { name })).toHaveCount(0);
    }
  } finally {
    await sql(`DELETE FROM users WHERE email = $1`, [email]);
    await sql(`DELETE FROM roles WHERE id = $1`, [role!.id]);
  }
});
