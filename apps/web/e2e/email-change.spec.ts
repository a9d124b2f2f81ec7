/**
 * A profile email change is confirmed by a link sent to the new address (issue 32;
 * docs/security.md "Email changes verified"). In the zero-configuration mode the email lands in
 * Admin → Outbox, where staff can read it; the shopper opens its link signed in as themselves.
 * Until then the profile keeps the old email and says which one waits.
 */
import { DEMO, freshEmail, signIn } from './support/auth';
import { expectToast } from './support/toast';
import { expect, scannedContext, test } from './support/test';

test('a new email takes effect once the link sent to it is opened, once, by its own account', async ({
  browser,
  page,
}) => {
  const oldEmail = freshEmail('mover');
  const newEmail = freshEmail('moved');
  await signIn(page, oldEmail, '/profile');
  const card = page.getByTestId('profile-card');
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated', 'Your profile has been updated successfully.');
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('profile-email')).toHaveText(oldEmail);
  await expect(card.getByTestId('profile-pending-email')).toHaveText(
    `We sent a link to ${newEmail} to confirm it. Until then your email stays as it is.`,
  );

  // Staff find the email in Admin → Outbox; its link is what the owner of the new address gets.
  const staff = await scannedContext(browser);
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.sales, '/admin/outbox');
  const row = staffPage.getByTestId('outbox-row').filter({ hasText: newEmail });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Email confirmation');
  await row.getByRole('button', { name: /^Preview:/ }).click();
  await staffPage.getByRole('tab', { name: 'Text' }).click();
  const text = (await staffPage.getByTestId('email-text').textContent()) ?? '';
  const link = /https?:\/\/\S+\/profile\?confirm-email=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  // Another account opening it is told so, and changes nothing.
  await staffPage.goto(link!);
  await expect(staffPage.getByTestId('email-confirmation')).toContainText(
    'This confirmation link belongs to another account',
  );
  await staff.close();

  await page.goto(link!);
  await expect(page.getByTestId('email-confirmation')).toContainText(`Your email is now ${newEmail}.`);
  await expect(card.getByTestId('profile-email')).toHaveText(newEmail);
  await expect(card.getByTestId('profile-pending-email')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile$/);

  // The link works once.
  await page.goto(link!);
  await expect(page.getByTestId('email-confirmation')).toContainText(
    'This confirmation link has already been used.',
  );
  await expect(card.getByTestId('profile-email')).toHaveText(newEmail);
});
