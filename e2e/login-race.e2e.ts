/**
 * With a shiro.ini, a user who signs in from the navbar before the automatic login prompt appears ends signed in
 * with no dialog left over: the prompt never opens once a sign-in has started or succeeded. The page's clock is
 * driven by the test, so "within a second" is exact rather than a race.
 */
import { serverAndBrowser } from './support/session';

const SHIRO_INI = `
[main]
shiro.loginUrl = /api/login

[users]
user1 = password2, role1

[roles]
role1 = *

[urls]
/api/version = anon
/** = authc
`;

const env = serverAndBrowser({}, { shiroIni: SHIRO_INI });

test('19. signing in from the navbar before the automatic prompt leaves no login dialog open', async () => {
  const { page } = env.browser;
  // Paused a minute ahead of where it starts: time that passes between the two calls on a busy machine cannot put
  // the pause in the past, and no page is loaded yet, so the jump fires no timer.
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
  await page.goto(env.server.url);
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('User Name').fill('user1');
  await dialog.getByLabel('Password').fill('password2');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await banner.getByText('user1', { exact: true }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  // the second in which the automatic prompt would have opened passes, and more
  await page.clock.runFor(5000);
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await banner.getByText('user1', { exact: true }).count()).toBe(1);
});
