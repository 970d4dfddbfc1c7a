/** @jest-environment node */
/** Websocket tickets with logins on (PROTOCOL 1.4): issued by login, checked on every frame, revoked by logout. */
import { api, Client, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';
import { STALE_TICKET_INFO } from '../../server/ws/tickets';

type Identity = { principal: string; ticket: string };

/** LIST_NOTES as `who`, answered by NOTES_INFO when the ticket is accepted: a barrier for "nothing else came". */
async function listAs(c: Client, who: Identity): Promise<void> {
  const from = c.mark();
  c.send('LIST_NOTES', {}, who);
  await c.next('NOTES_INFO', from);
}

describe('websocket tickets with a shiro.ini', () => {
  let server: TestServer;
  let user1: Identity;
  const clients: Client[] = [];
  const open = async (): Promise<Client> => {
    const c = await Client.open(server.wsUrl, server.origin);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startAuthServer({ fixtures: true });
    const r = await login(server.url, 'user1', 'password2');
    user1 = { principal: 'user1', ticket: r.body.body!.ticket };
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await server.close();
  });

  test('the login ticket is accepted and binds the connection to the user', async () => {
    const r = await login(server.url, 'admin', 'admin');
    const admin = { principal: 'admin', ticket: r.body.body!.ticket };
    const c = await open();
    const d = await open();
    await listAs(c, user1);
    await listAs(d, admin);
    c.send('GET_NOTE', { id: '2EYDJKFFY' }, user1);
    await c.next('NOTE', 0);
    const from = c.mark();
    d.send('GET_NOTE', { id: '2EYDJKFFY' }, admin);
    const status = await c.next('COLLABORATIVE_MODE_STATUS', from, (f) => f.data.status === true);
    expect([...(status.data.users ?? [])].sort()).toEqual(['admin', 'user1']);
  });

  test('anonymous frames are dropped without an answer', async () => {
    const c = await open();
    const from = c.mark();
    c.send('LIST_NOTES', {});
    c.send('GET_NOTE', { id: '2EYDJKFFY' }, { principal: 'anonymous', ticket: 'anonymous' });
    c.send('LIST_NOTES', {}, { principal: '', ticket: '' });
    await listAs(c, user1);
    expect(c.opsSince(from)).toEqual(['NOTES_INFO']);
  });

  test('a forged ticket gets SESSION_LOGOUT (PING only its PONG) and is not executed', async () => {
    const c = await open();
    const from = c.mark();
    c.send('PING', {}, { principal: 'user1', ticket: 'forged' });
    c.send('NEW_NOTE', { name: 'forged note' }, { principal: 'user1', ticket: 'forged' });
    const logout = await c.next('SESSION_LOGOUT', from);
    expect(logout.data.info).toBe(STALE_TICKET_INFO);
    await listAs(c, user1);
    expect(c.opsSince(from)).toEqual(['PONG', 'SESSION_LOGOUT', 'NOTES_INFO']);
    const list = await api<{ path: string }[]>(server.url, '/api/notebook', { headers: { cookie: (await login(server.url, 'admin', 'admin')).cookie } });
    expect(list.body.body?.some((n) => n.path === '/forged note')).toBe(false);
  });

  test('after logout the ticket is stale on every device: SESSION_LOGOUT', async () => {
    const a = await login(server.url, 'user2', 'password3');
    const b = await login(server.url, 'user2', 'password3');
    const who = { principal: 'user2', ticket: a.body.body!.ticket };
    expect(b.body.body!.ticket).toBe(who.ticket);
    const c = await open();
    await listAs(c, who);
    await api(server.url, '/api/login/logout', { method: 'POST', headers: { cookie: a.cookie } });
    const from = c.mark();
    c.send('LIST_NOTES', {}, who);
    expect((await c.next('SESSION_LOGOUT', from)).data.info).toBe(STALE_TICKET_INFO);
    // The other device's session is still live: asking for the ticket again issues a new one that works.
    const t = await api<{ ticket: string }>(server.url, '/api/security/ticket', { headers: { cookie: b.cookie } });
    expect(t.status).toBe(200);
    expect(t.body.body!.ticket).not.toBe(who.ticket);
    await listAs(c, { principal: 'user2', ticket: t.body.body!.ticket });
  });
});
