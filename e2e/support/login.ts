/** Logging in as a user does: the login dialog opens by itself on a server with a shiro.ini. */
import type { Page } from 'playwright-core';

export async function loginThroughDialog(page: Page, baseUrl: string, user: string, password: string): Promise<void> {
  await page.goto(baseUrl);
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.waitFor();
  await dialog.getByLabel('User Name').fill(user);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('banner').getByText(user, { exact: true }).waitFor();
}
