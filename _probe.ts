import { launch, type Browser } from './e2e/support/browser';
import { loginThroughDialog as login } from './e2e/support/login';
import { startTestServer } from './e2e/support/server';
const SHIRO_INI = `[users]
admin = admin, admin
owner = pw-owner, staff
user1 = password2, role1
user2 = password3, role2
[roles]
admin = *
`;
(async () => {
  const server = await startTestServer({}, { shiroIni: SHIRO_INI });
  const bs: Browser[] = [];
  const L = async (u: string, p: string) => { const b = await launch(); bs.push(b); const c = await b.page.context().newCDPSession(b.page); await c.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 8) }); await login(b.page, server.url, u, p); return b; };
  try {
    const ob = await L('owner', 'pw-owner'); const owner = ob.page;
    const name = 'Shared for now';
    const noteId = await owner.evaluate(async ([n, t]) => {
      const r = await fetch('api/notebook', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify({ notePath: `/${n}`, paragraphs: [{ text: t }] }) });
      return ((await r.json()) as { body: string }).body;
    }, [name, '%md shared for now']);
    await owner.goto('about:blank');
    await owner.goto(`${server.url}#/notebook/${noteId}`);
    await owner.getByRole('heading', { level: 1, name }).waitFor();
    const ub = await L('user2', 'password3'); const user2 = ub.page;
    await user2.getByRole('link', { name }).click();
    await user2.getByRole('heading', { level: 1, name }).waitFor();
    await owner.getByRole('button', { name: 'Note permissions' }).click();
    const panel = owner.getByRole('region', { name: 'Note permissions' });
    await panel.getByRole('combobox', { name: 'Readers' }).fill('user1');
    await panel.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Permissions Saved Successfully').waitFor();
    const refused = user2.getByRole('dialog', { name: 'Insufficient privileges' });
    await refused.waitFor({ timeout: 30000 });
    await user2.getByRole('heading', { level: 1, name }).waitFor({ state: 'detached', timeout: 10000 });
    await user2.getByRole('status').filter({ hasText: 'Loading note' }).waitFor({ timeout: 10000 });
    await new Promise((r) => setTimeout(r, 2000));
    console.log('OK');
  } catch (e) { console.log('FAIL', String(e).slice(0, 500)); }
  console.log('--- user2'); console.log(bs[1]?.recent().join('\n'));
  for (const b of bs) await b.close();
  await server.close();
})();
