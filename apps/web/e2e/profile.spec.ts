/**
 * Profile and addresses in Chromium (docs/product.md §2 Profile, §5 address form, §8 profile toasts): the
 * profile card, Edit Profile, and adding, editing, making default and deleting addresses — with
 * exactly one default whenever there are addresses. Each test is a new customer.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { freshEmail, signIn } from './support/auth';
import { dismissToasts, expectToast } from './support/toast';

const addressCard = (page: Page, title: string): Locator =>
  page.getByTestId('address-card').filter({ has: page.getByText(title, { exact: true }) });

async function addAddress(
  page: Page,
  fields: { title: string; street: string; city: string; state: string; zip: string },
  makeDefault = false,
) {
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title').fill(fields.title);
  await dialog.getByLabel('Street Address').fill(fields.street);
  await dialog.getByLabel('City').fill(fields.city);
  await dialog.getByLabel('State').fill(fields.state);
  await dialog.getByLabel('ZIP Code').fill(fields.zip);
  if (makeDefault) await dialog.getByLabel('Set as default address').check();
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, 'Address added');
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
}

async function expectDefault(page: Page, title: string) {
  await expect(page.getByTestId('address-card').and(page.locator('[data-default="true"]'))).toHaveCount(1);
  const card = addressCard(page, title);
  await expect(card).toHaveAttribute('data-default', 'true');
  await expect(card.getByText('Default', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Set as default' })).toHaveCount(0);
}

test('the profile card: initials, name, role, email, phone "Not provided", member since', async ({
  page,
}) => {
  const email = freshEmail('profile');
  await signIn(page, email);
  await page.goto('/profile');
  const card = page.getByTestId('profile-card');
  await expect(card.getByTestId('profile-email')).toHaveText(email);
  await expect(card.getByTestId('profile-phone')).toHaveText('Not provided');
  await expect(card.getByTestId('profile-member-since')).toHaveText(/^Member since \d{1,2}\/\d{1,2}\/\d{4}$/);
  await expect(card.getByTestId('role-badge')).toHaveText('Customer');
  await expect(card.getByText(email.slice(0, 1).toUpperCase(), { exact: true })).toBeVisible(); // initials

  await card.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('First Name').fill('Robin');
  await dialog.getByLabel('Last Name').fill('Baker');
  await dialog.getByLabel('Phone').fill('+1 212 555 0100');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('profile-name')).toHaveText('Robin Baker');
  await expect(card.getByTestId('profile-phone')).toHaveText('+1 212 555 0100');
  await expect(card.getByText('RB', { exact: true })).toBeVisible();
  // The current user was reloaded: the header's menu says so too.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByTestId('account-summary')).toContainText('Robin Baker');
});

test('Edit Profile: a taken email is refused with the server’s message', async ({ page }) => {
  await signIn(page, freshEmail('taken'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Email').fill('customer@example.com');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Error', 'Email already in use', 'destructive');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
});

test('addresses: empty state, add, set default, edit, delete — one default throughout', async ({ page }) => {
  await signIn(page, freshEmail('addresses'));
  await page.goto('/profile');
  await expect(page.getByText('No addresses saved')).toBeVisible();

  // The form: placeholders and defaults of docs/product.md §2 / §5, and required fields.
  await page.getByRole('button', { name: 'Add Your First Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  await expect(dialog.getByLabel('Title')).toHaveAttribute('placeholder', 'e.g., Home, Work');
  await expect(dialog.getByLabel('State')).toHaveAttribute('placeholder', 'NY');
  await expect(dialog.getByLabel('ZIP Code')).toHaveAttribute('placeholder', '10001');
  await expect(dialog.getByLabel('Country')).toHaveValue('US');
  await expect(dialog.getByLabel('Set as default address')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('ZIP code is required')).toBeVisible();

  // The first address becomes the default even unticked.
  await addAddress(page, { title: 'Home', street: '1 Main St', city: 'New York', state: 'NY', zip: '10001' });
  await expectDefault(page, 'Home');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await addAddress(page, {
    title: 'Work',
    street: '200 Park Ave',
    city: 'New York',
    state: 'NY',
    zip: '10166',
  });
  await expectDefault(page, 'Home');
  await expect(page.getByTestId('address-card')).toHaveCount(2);

  // Set default on the other one.
  await addressCard(page, 'Work').getByRole('button', { name: 'Set as default' }).click();
  await expectToast(page, 'Default address updated', 'Your default address has been updated.');
  await expectDefault(page, 'Work');
  await expect(addressCard(page, 'Home').getByRole('button', { name: 'Set as default' })).toBeVisible();
  await dismissToasts(page);

  // Edit.
  await page.getByRole('button', { name: 'Edit Home' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(edit.getByLabel('Street Address')).toHaveValue('1 Main St');
  await edit.getByLabel('City').fill('Brooklyn');
  await edit.getByRole('button', { name: 'Update Address' }).click();
  await expectToast(page, 'Address updated');
  await expect(addressCard(page, 'Home')).toContainText('Brooklyn, NY 10001');
  await expectDefault(page, 'Work');
  await dismissToasts(page);

  // Deleting the default promotes the other one.
  await page.getByRole('button', { name: 'Delete Work' }).click();
  await expectToast(page, 'Address deleted');
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expectDefault(page, 'Home');
  await dismissToasts(page);

  await page.getByRole('button', { name: 'Delete Home' }).click();
  await expectToast(page, 'Address deleted');
  await expect(page.getByText('No addresses saved')).toBeVisible();

  // What the page showed is what the server keeps.
  await page.reload();
  await expect(page.getByText('No addresses saved')).toBeVisible();
});

test('an address added on the profile is preselected at checkout', async ({ page }) => {
  await signIn(page, freshEmail('preselect'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add Address' }).first().click();
  await addAddress(page, {
    title: 'Cabin',
    street: '5 Lake Rd',
    city: 'Lake Placid',
    state: 'NY',
    zip: '12946',
  });
  const products = (await (await page.request.get('/api/products')).json()) as {
    id: string;
    name: string;
    price: string;
    stock: number;
  }[];
  const product = products.find((p) => p.stock > 5)!;
  await page.evaluate((line) => window.localStorage.setItem('freshcart.cart', JSON.stringify([line])), {
    productId: product.id,
    name: product.name,
    price: product.price,
    quantity: 1,
    imageUrl: null,
  });
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Cabin/ })).toBeChecked();
  await expect(page.getByText('5 Lake Rd, Lake Placid, NY 12946, US')).toBeVisible();
});
