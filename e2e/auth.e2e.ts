/**
 * Logins with a shiro.ini, as a user meets them: the login dialog opens by itself, a wrong password is refused
 * with Zeppelin's text, the right one shows the user in the navbar and the notes, the session survives a reload
 * (HttpOnly cookie, not readable by the page), and Logout returns to the login state.
 */
import { serverAndBrowser } from './support/session';

const SHIRO_INI = `
[main]
shiro.loginUrl = /api/login

[users]
admin = admin, admin
user1 = password2, role1

[roles]
role1 = *
admin = *

[urls]
/api/version = anon
/api/interpreter/** = authc, roles[admin]
/api/configurations/client = authc
/api/configurations/** = authc, roles[admin]
/api/credential/** = authc, roles[admin]
/** = authc
`;

const env = serverAndBrowser({}, { shiroIni: SHIRO_INI });

test('login dialog, wrong password, login, user in the navbar, reload keeps the session, logout', async () => {
  const { page } = env.browser;
  const sent: { op: string; principal: string; ticket: string }[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(JSON.parse(String(f.payload)))));
  await page.goto(env.server.url);

  // Not logged in: the login dialog opens by itself, and no note is shown.
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.waitFor();
  await expect(page.getByRole('link', { name: '1. IPython Basic' }).count()).resolves.toBe(0);

  await dialog.getByLabel('User Name').fill('user1');
  await dialog.getByLabel('Password').fill('wrong');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await dialog.getByRole('alert').filter({ hasText: "The username and password that you entered don't match." }).waitFor();

  await dialog.getByLabel('Password').fill('password2');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await dialog.waitFor({ state: 'detached' });
  const navbar = page.getByRole('banner');
  await navbar.getByText('user1', { exact: true }).waitFor();
  await navbar.getByRole('button', { name: 'Logout' }).waitFor();
  await page.getByRole('link', { name: '1. IPython Basic' }).waitFor();
  const listed = sent.filter((f) => f.op === 'LIST_NOTES' && f.principal === 'user1');
  expect(listed.length).toBeGreaterThan(0);
  expect(listed[0].ticket).toMatch(/^[0-9a-f-]{36}$/);

  // Not an admin: the configurations API (roles[admin] in [urls]) answers 401, shown as the permission toast.
  await page.goto(`${env.server.url}#/configuration`);
  await page.getByRole('alert').filter({ hasText: /permission on this page/ }).waitFor();
  await page.waitForURL(/#\/$/, { timeout: 10_000 });

  // The session cookie is HttpOnly: the page cannot read it, but a reload is still logged in.
  expect(await page.evaluate(() => document.cookie)).not.toContain('JSESSIONID');
  await page.reload();
  await page.getByRole('banner').getByText('user1', { exact: true }).waitFor();
  await page.getByRole('link', { name: '1. IPython Basic' }).waitFor();

  // The page reloads a second after the logout (sagas/login.ts): waited for here, or it would land in the next test.
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('alert').filter({ hasText: 'Logout Success' }).waitFor();
  await reloaded;
  // After the reload the app is logged out again: the login dialog is back, the navbar offers Login.
  await page.getByRole('dialog', { name: 'Login' }).waitFor({ timeout: 15_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
  await expect(page.getByRole('banner').getByText('user1', { exact: true }).count()).resolves.toBe(0);
  const cookies = await env.browser.context.cookies(env.server.url);
  expect(cookies.find((c) => c.name === 'JSESSIONID')).toBeUndefined();
});

test('an admin logs in from the navbar Login button and sees the admin-only configurations', async () => {
  const { page } = env.browser;
  await page.goto(`${env.server.url}#/`);
  await page.getByRole('dialog', { name: 'Login' }).waitFor();
  await page.getByRole('dialog', { name: 'Login' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('User Name').fill('admin');
  await dialog.getByLabel('Password').fill('admin');
  await dialog.getByLabel('Password').press('Enter');
  await page.getByRole('banner').getByText('admin', { exact: true }).waitFor();
  await page.goto(`${env.server.url}#/configuration`);
  await page.getByRole('table', { name: 'Configurations' }).getByText('zeppelin.server.port', { exact: true }).waitFor();
});
