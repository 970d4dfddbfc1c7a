/**
 * The support bundle a customer sends: distinctive secrets go in through the UI as a user types them (the login
 * password, a credential's password, an interpreter property of type password, a password form value) and the
 * server's ticket travels on every frame; the downloaded action log holds none of them.
 */
import fs from 'fs';
import { loginThroughDialog } from './support/login';
import { runInLastParagraph } from './support/paragraph';
import { serverAndBrowser } from './support/session';

const SECRETS = {
  login: 'Login-Secret-71c4',
  credential: 'Cred-Secret-0b9e',
  property: 'Intp-Secret-5d2a',
  form: 'Form-Secret-e8f1',
};

const SHIRO_INI = `
[main]
shiro.loginUrl = /api/login

[users]
admin = ${SECRETS.login}, admin

[roles]
admin = *

[urls]
/api/version = anon
/** = authc
`;

const env = serverAndBrowser({}, { shiroIni: SHIRO_INI });

test('the downloaded action log holds none of the secrets the session handled', async () => {
  const { page } = env.browser;
  const tickets = new Set<string>();
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    const t = (JSON.parse(String(f.payload)) as { ticket?: string }).ticket;
    if (t && t !== 'anonymous') tickets.add(t);
  }));
  await loginThroughDialog(page, env.server.url, 'admin', SECRETS.login);

  await page.goto(`${env.server.url}#/credential`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const cred = page.getByRole('form', { name: 'Add new credential' });
  await cred.getByLabel('Entity').fill('warehouse');
  await cred.getByLabel('Username').fill('analyst');
  await cred.getByLabel('Password').fill(SECRETS.credential);
  await cred.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('alert').filter({ hasText: 'Successfully saved credentials.' }).waitFor();

  await page.goto(`${env.server.url}#/interpreter`);
  await page.getByRole('region', { name: 'sh' }).waitFor();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create new interpreter' });
  await form.getByLabel('Interpreter Name').fill('shpw');
  await form.getByLabel('Interpreter group').selectOption('sh');
  await form.getByLabel('New property name').fill('DB_PASSWORD');
  await form.getByLabel('New property type').selectOption('password');
  await form.getByLabel('Value of DB_PASSWORD').fill(SECRETS.property);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('region', { name: 'shpw' }).waitFor();

  // the form value reaches the script, which prints only whether it was set
  const p = await runInLastParagraph(page, env.server.url, '2EYDJKFFY', '%sh\n[ -n "${password:pw}" ] && echo "the password is set" || echo "no password"');
  await p.getByRole('img', { name: 'Status FINISHED' }).waitFor({ timeout: 30_000 });
  const field = p.getByLabel('pw');
  await field.fill(SECRETS.form);
  await field.press('Enter');
  await p.getByTestId('text-result').getByText('the password is set').waitFor({ timeout: 30_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download action log' }).click(),
  ]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(tickets.size).toBe(1);
  const seeded = { ...SECRETS, ticket: [...tickets][0] };
  const found = Object.entries(seeded).filter(([, secret]) => text.includes(secret)).map(([path]) => path);
  expect(found).toEqual([]);
  // the log is the whole session, with the redacted places marked
  expect(text).toContain('adminCredentials/addSubmitted');
  expect(text).toContain('ws/send/RUN_PARAGRAPH');
  expect(text).toContain('[redacted]');
});
