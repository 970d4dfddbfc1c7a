/** @jest-environment node */
/** The authorization module on its own: rules of PROTOCOL 5.11, auto-fill, texts, the file and its errors. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZeppelinConfig } from '../../server/config';
import { autoFill, NoteAuthorization, parseAuthorizationFile, type NotePermission } from '../../server/notes/authorization';

let dir: string;
const config = (settings: Record<string, string> = {}): ZeppelinConfig => ZeppelinConfig.load(dir, {}, settings);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zpl-authz-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const LEVELS: NotePermission[] = ['READER', 'RUNNER', 'WRITER', 'OWNER'];
const granted = (a: NoteAuthorization, user: string, roles: string[] = []): NotePermission[] =>
  LEVELS.filter((p) => a.allows('n1', { user, roles }, p));

describe('rules', () => {
  it('a note without an entry, or with all lists empty, is open to everybody', () => {
    const a = NoteAuthorization.load(dir, config());
    expect(granted(a, 'anyone')).toEqual(LEVELS);
    a.set('n1', { owners: [], readers: [], runners: [], writers: [] });
    expect(granted(a, 'anyone')).toEqual(LEVELS);
  });

  it('each level implies the lower ones; an empty list opens its level to everybody', () => {
    const a = NoteAuthorization.load(dir, config());
    a.set('n1', { owners: ['o'], writers: ['w'], runners: ['r'], readers: ['role_read'] });
    expect(granted(a, 'o')).toEqual(LEVELS);
    expect(granted(a, 'w')).toEqual(['READER', 'RUNNER', 'WRITER']);
    expect(granted(a, 'r')).toEqual(['READER', 'RUNNER']);
    expect(granted(a, 'x', ['role_read'])).toEqual(['READER']);
    expect(granted(a, 'x')).toEqual([]);
    // Only owners set: everybody else still reads, runs and writes (PROTOCOL 5.11).
    a.set('n1', { owners: ['o'], writers: [], runners: [], readers: [] });
    expect(granted(a, 'x')).toEqual(['READER', 'RUNNER', 'WRITER']);
  });

  it('the configured default owner passes every check, by name or by role', () => {
    const a = NoteAuthorization.load(dir, config({ 'zeppelin.notebook.default.owner.username': 'admin' }));
    a.set('n1', { owners: ['o'], writers: ['o'], runners: ['o'], readers: ['o'] });
    expect(granted(a, 'admin')).toEqual(LEVELS);
    expect(granted(a, 'someone', ['admin'])).toEqual(LEVELS);
    expect(granted(a, 'someone', ['administrators'])).toEqual([]);
  });

  it('user names compare case-insensitively when zeppelin.username.force.lowercase is on', () => {
    const a = NoteAuthorization.load(dir, config({ 'zeppelin.username.force.lowercase': 'true' }));
    a.set('n1', { owners: ['Alice'], writers: ['Alice'], runners: ['Alice'], readers: ['Alice'] });
    expect(granted(a, 'ALICE')).toEqual(LEVELS);
  });
});

describe('texts', () => {
  it('the refusal names the lists granting the permission and the user with their roles, as Java sets', () => {
    const a = NoteAuthorization.load(dir, config());
    a.set('n1', { owners: ['o'], writers: ['w1', 'w2'], runners: [], readers: [] });
    expect(a.denial('n1', { user: 'bob', roles: ['r1', 'r2'] }, 'WRITER'))
      .toBe('Insufficient privileges to WRITER note.\nAllowed users or roles: [w1, w2, o]\nBut the user bob belongs to: [bob, r1, r2]');
  });
});

describe('auto-fill of a PUT (PROTOCOL 3.3)', () => {
  it('fills the empty higher lists with the caller', () => {
    expect(autoFill({ owners: [], readers: ['a'], runners: [], writers: [] }, 'me')).toEqual({ owners: ['me'], readers: ['a'], runners: ['me'], writers: ['me'] });
    expect(autoFill({ owners: [], readers: [], runners: ['a'], writers: [] }, 'me')).toEqual({ owners: ['me'], readers: [], runners: ['a'], writers: ['me'] });
    expect(autoFill({ owners: [], readers: [], runners: [], writers: ['a'] }, 'me')).toEqual({ owners: ['me'], readers: [], runners: [], writers: ['a'] });
    expect(autoFill({ owners: ['x'], readers: ['a'], runners: [], writers: [] }, 'me')).toEqual({ owners: ['x'], readers: ['a'], runners: ['me'], writers: ['me'] });
    expect(autoFill({ owners: [], readers: [], runners: [], writers: [] }, 'me')).toEqual({ owners: [], readers: [], runners: [], writers: [] });
  });
});

describe('new notes', () => {
  it('public (default): the creator owns it; not public: the creator holds every list; anonymous: nothing', () => {
    const pub = NoteAuthorization.load(dir, config());
    pub.noteCreated('n1', 'alice');
    expect(pub.get('n1')).toEqual({ owners: ['alice'], readers: [], runners: [], writers: [] });
    pub.noteCreated('n2', 'anonymous');
    expect(pub.get('n2')).toEqual({ owners: [], readers: [], runners: [], writers: [] });
    const priv = NoteAuthorization.load(dir, config({ 'zeppelin.notebook.public': 'false' }));
    priv.noteCreated('n3', 'bob');
    expect(priv.get('n3')).toEqual({ owners: ['bob'], readers: ['bob'], runners: ['bob'], writers: ['bob'] });
  });
});

describe('the file', () => {
  it('is written in Zeppelin\'s shape, read back on load, and loses an entry on remove', () => {
    const a = NoteAuthorization.load(dir, config());
    a.set('n1', { owners: ['o'], readers: ['r'], runners: [], writers: [] });
    a.set('n2', { owners: ['p'], readers: [], runners: [], writers: [] });
    const file = join(dir, 'notebook-authorization.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ authInfo: {
      n1: { owners: ['o'], readers: ['r'], runners: [], writers: [] },
      n2: { owners: ['p'], readers: [], runners: [], writers: [] },
    } });
    a.remove('n2');
    const b = NoteAuthorization.load(dir, config());
    expect(b.get('n1')).toEqual({ owners: ['o'], readers: ['r'], runners: [], writers: [] });
    expect(b.get('n2')).toEqual({ owners: [], readers: [], runners: [], writers: [] });
  });

  it('an unreadable file stops the load with the file name and the bad key', () => {
    writeFileSync(join(dir, 'notebook-authorization.json'), '{"authInfo": {"n1": {"owners": "o"}}}');
    expect(() => NoteAuthorization.load(dir, config())).toThrow(/n1\.owners must be an array of strings/);
    expect(() => parseAuthorizationFile('{oops', 'f.json')).toThrow(/f\.json is not valid JSON/);
    expect(parseAuthorizationFile('{}', 'f.json').size).toBe(0);
  });
});
