/** @jest-environment node */
/**
 * Per User interpreter modes (Zeppelin's InterpreterOption.perUser), alone and with Per Note: with Per User scoped
 * or isolated, two users of one note must not share an interpreter (a variable one defines the other cannot see).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InterpreterSetting, Paragraph, RunMode } from '../../protocol';
import { hashPassword } from '../../server/auth/passwords';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { SessionManager } from '../../server/interpreters/sessions';
import { Client, startTestServer, tempDir, type TestServer } from './helpers/harness';
import { login, SHIRO_INI } from './helpers/auth';
import { isStatus, paragraphFrame, TERMINAL, textOf } from './helpers/exec';

jest.setTimeout(60000);

const PYTHON = '/usr/bin/python3';
type Identity = { principal: string; ticket: string };

describe('session keys (as Zeppelin keys interpreter sessions)', () => {
  const setting = (perNote: RunMode, perUser: RunMode): InterpreterSetting =>
    ({ ...builtinInterpreterSettings()[0], id: 'py', option: { ...builtinInterpreterSettings()[0].option, perNote, perUser } });
  const key = (perNote: RunMode, perUser: RunMode, noteId: string, user: string): string => SessionManager.sessionId(setting(perNote, perUser), { noteId, user });

  test.each<[RunMode, RunMode, string]>([
    ['shared', 'shared', 'py-shared_process'],
    ['scoped', 'shared', 'py-N1'],
    ['shared', 'scoped', 'py-alice'],
    ['shared', 'isolated', 'py-alice'],
    ['isolated', 'isolated', 'py-alice-N1'],
    ['scoped', 'scoped', 'py-alice-N1'],
  ])('perNote %s, perUser %s → %s', (perNote, perUser, expected) => {
    expect(key(perNote, perUser, 'N1', 'alice')).toBe(expected);
  });

  test('different users (or notes, where notes count) never share a key', () => {
    expect(key('shared', 'isolated', 'N1', 'alice')).not.toBe(key('shared', 'isolated', 'N1', 'bob'));
    expect(key('scoped', 'scoped', 'N1', 'alice')).not.toBe(key('scoped', 'scoped', 'N2', 'alice'));
    expect(key('scoped', 'shared', 'N1', 'alice')).toBe(key('scoped', 'shared', 'N1', 'bob'));
  });
});

describe('Per User sessions over the websocket', () => {
  let server: TestServer;
  let alice: Identity;
  let bob: Identity;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    const confDir = join(tempDir('zpl-peruser-'), 'conf');
    mkdirSync(confDir, { recursive: true });
    writeFileSync(join(confDir, 'shiro.ini'), SHIRO_INI(await hashPassword('password3')));
    const settings = builtinInterpreterSettings();
    const python = settings.find((s) => s.name === 'python');
    const sql = settings.find((s) => s.name === 'sql');
    if (!python || !sql) throw new Error('missing settings');
    python.properties['zeppelin.python'].value = PYTHON;
    python.option = { ...python.option, perNote: 'shared', perUser: 'isolated' };
    sql.option = { ...sql.option, perNote: 'scoped', perUser: 'scoped' };
    writeInterpreterSettings(confDir, settings);
    server = await startTestServer({ confDir });
    alice = { principal: 'user1', ticket: (await login(server.url, 'user1', 'password2')).body.body?.ticket ?? '' };
    bob = { principal: 'user2', ticket: (await login(server.url, 'user2', 'password3')).body.body?.ticket ?? '' };
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  async function noteWithParagraphs(name: string, group: string, count: number): Promise<{ noteId: string; pids: string[] }> {
    const from = a.mark();
    a.send('NEW_NOTE', { name, defaultInterpreterGroup: group }, alice);
    const note = (await a.next('NEW_NOTE', from)).data.note;
    const pids = [note.paragraphs[0].id];
    for (let i = 1; i < count; i++) {
      const at = a.mark();
      a.send('INSERT_PARAGRAPH', { index: i }, alice);
      pids.push((await a.next('PARAGRAPH_ADDED', at)).data.paragraph.id);
    }
    const seen = b.mark();
    b.send('GET_NOTE', { id: note.id }, bob);
    await b.next('NOTE', seen);
    return { noteId: note.id, pids };
  }

  async function runAs(c: Client, who: Identity, noteId: string, pid: string, text: string): Promise<Paragraph> {
    const from = c.mark();
    const opened = c.mark();
    c.send('GET_NOTE', { id: noteId }, who);
    await c.next('NOTE', opened);
    c.send('RUN_PARAGRAPH', { id: pid, paragraph: text, params: {}, config: {} }, who);
    const f = await c.waitFor((x) => isStatus(pid, TERMINAL)(x) && paragraphFrame(x)?.user === who.principal, from, 30000, `run of ${pid}`);
    return paragraphFrame(f) as Paragraph;
  }

  test('%python Per User isolated: a variable alice sets in a note is not there for bob in the same note', async () => {
    const { noteId, pids } = await noteWithParagraphs('/per user python', 'python', 3);
    expect((await runAs(a, alice, noteId, pids[0], "%python\nsecret = 'alice only'")).status).toBe('FINISHED');
    const bobs = await runAs(b, bob, noteId, pids[1], '%python\nprint(secret)');
    expect(bobs.status).toBe('ERROR');
    expect(textOf(bobs)).toContain("NameError: name 'secret' is not defined");
    const alices = await runAs(a, alice, noteId, pids[2], '%python\nprint(secret)');
    expect([alices.status, textOf(alices)]).toEqual(['FINISHED', 'alice only\n']);
  });

  test('%sql Per User scoped with Per Note scoped: a table is seen only by its user in its note', async () => {
    const one = await noteWithParagraphs('/per user sql one', 'sql', 3);
    const two = await noteWithParagraphs('/per user sql two', 'sql', 1);
    expect((await runAs(a, alice, one.noteId, one.pids[0], '%sql\ncreate table mine as select 42 as answer')).status).toBe('FINISHED');
    expect((await runAs(b, bob, one.noteId, one.pids[1], '%sql\nselect * from mine')).status).toBe('ERROR');
    expect((await runAs(a, alice, two.noteId, two.pids[0], '%sql\nselect * from mine')).status).toBe('ERROR');
    const again = await runAs(a, alice, one.noteId, one.pids[2], '%sql\nselect * from mine');
    expect([again.status, textOf(again)]).toEqual(['FINISHED', 'answer\n42\n']);
  });

  test('the resource pool follows Per User: what alice puts from her isolated %python, bob never gets, nor what she saves from %sql', async () => {
    const { noteId, pids } = await noteWithParagraphs('/per user pool', 'python', 4);
    expect((await runAs(a, alice, noteId, pids[0], '%python\nz.put("budget", 1000)')).status).toBe('FINISHED');
    expect(textOf(await runAs(b, bob, noteId, pids[1], '%python\nprint(z.get("budget"))'))).toBe('None\n');
    expect(textOf(await runAs(a, alice, noteId, pids[2], '%python\nprint(z.get("budget"))'))).toBe('1000\n');
    // A result alice saves from her own %sql session (per user and note) is hers alone too
    expect((await runAs(a, alice, noteId, pids[3], '%sql(saveAs=mine)\nselect 7 as seven')).status).toBe('FINISHED');
    expect(textOf(await runAs(b, bob, noteId, pids[1], '%python\nprint(z.get("mine"))'))).toBe('None\n');
    expect(textOf(await runAs(a, alice, noteId, pids[2], '%python\nprint(z.get("mine"))'))).toBe('seven\n7\n\n');
  });
});
