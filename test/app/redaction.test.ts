/** @jest-environment node */
/**
 * What a customer sends to support carries no secret: a session seeds distinctive secrets on every path they travel
 * (the login, the ticket, a credential, a password form in a paragraph and in the note, an interpreter property of
 * type password, a Maven repository password), then the saved log file is searched for them. The redacted log still
 * replays to its recorded end state and checkpoints.
 */
import { credentialAddSubmitted } from '../../slices/adminCredentials';
import { adminInterpreters, defaultOption, emptyRepositoryForm } from '../../slices/adminInterpreters';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { loginSubmitted } from '../../slices/session';
import { ui } from '../../slices/ui';
import { wsOut } from '../../slices/wsActions';
import { exportActionLog, parseActionLog } from '../../src/app/devtools';
import { verifyReplay } from '../../src/app/replay';
import type { InterpreterSetting, Note } from '../../protocol';
import { frame, loadFixtureNote } from '../support/frames';
import { makeTestStore } from '../support/testStore';

const SECRETS = {
  login: 'login-pw-7f3a91',
  ticket: 'ticket-0d4c2e88',
  credential: 'cred-pw-51be07',
  form: 'form-pw-c0ffee',
  typedForm: 'typed-form-pw-9a9a',
  noteForm: 'note-form-pw-4242',
  property: 'intp-pw-e1e1e1',
  repository: 'repo-pw-77aa',
};

const pwSetting = (value: string): InterpreterSetting => ({
  id: 'jdbc', name: 'jdbc', group: 'jdbc', status: 'READY', interpreterGroup: [], dependencies: [], option: defaultOption(),
  properties: {
    'default.user': { name: 'default.user', value: 'analyst', type: 'string' },
    'default.password': { name: 'default.password', value, type: 'password' },
  },
});

function noteWithPasswordForms(): Note {
  const note = loadFixtureNote();
  const p = note.paragraphs[1];
  return {
    ...note,
    noteForms: { dbpw: { type: 'Password', name: 'dbpw' } },
    noteParams: { dbpw: SECRETS.noteForm },
    paragraphs: [note.paragraphs[0], {
      ...p, text: '%sh\necho ${password:pw}',
      settings: { forms: { pw: { type: 'Password', name: 'pw' } }, params: { pw: SECRETS.form } },
    }, ...note.paragraphs.slice(2)],
  } as Note;
}

test('no secret reaches the downloaded log, on any path, and the log still replays', async () => {
  const t = makeTestStore({
    checkpointEvery: 7,
    rest: {
      'GET /security/ticket': { principal: 'anonymous', ticket: 'anonymous', roles: '[]' },
      'POST /login': { principal: 'alice', ticket: SECRETS.ticket, roles: '["admin"]' },
      'PUT /credential': { status: 'OK' },
      'GET /credential': { userCredentials: { jdbc: { username: 'alice', password: SECRETS.credential } } },
      'GET /interpreter/setting': [pwSetting(SECRETS.property)],
      'GET /interpreter': { jdbc: { name: 'jdbc', group: 'jdbc', properties: { 'default.password': { defaultValue: '', type: 'password' } } } },
      'GET /interpreter/property/types': ['string', 'password'],
      'GET /interpreter/repository': [],
      'PUT /interpreter/setting/jdbc': pwSetting(SECRETS.property),
      'POST /interpreter/repository': { status: 'OK' },
    },
  });
  await t.clock.advance(0);
  // the login dialog, and the ticket its answer carries
  t.store.dispatch(ui.dialogOpened({ kind: 'login', info: null }));
  t.store.dispatch(loginSubmitted('alice', SECRETS.login));
  await t.clock.advance(0);
  // a credential, typed on the credential page
  t.store.dispatch(route.changed('/credential'));
  await t.clock.advance(0);
  t.store.dispatch(credentialAddSubmitted('jdbc', 'alice', SECRETS.credential));
  await t.clock.advance(0);
  // an interpreter property of type password: loaded, shown, edited and saved; and a repository password
  t.store.dispatch(route.changed('/interpreter'));
  await t.clock.advance(0);
  t.store.dispatch(adminInterpreters.updateRequested({
    id: 'jdbc', form: { name: 'jdbc', group: 'jdbc', option: defaultOption(), dependencies: [], properties: [{ name: 'default.password', value: SECRETS.property, type: 'password' }] },
  }));
  t.store.dispatch(adminInterpreters.repositoryAddSubmitted({ ...emptyRepositoryForm(), id: 'corp', url: 'https://m2.example.com', username: 'u', password: SECRETS.repository }));
  await t.clock.advance(0);
  t.sockets.last().serverSend(frame('INTERPRETER_SETTINGS', { interpreterSettings: [pwSetting(SECRETS.property)] }));
  // a note with a password form in a paragraph and in the note: received, typed into, run, run all, saved
  t.store.dispatch(route.changed('/notebook/2EYDJKFFY'));
  await t.clock.advance(0);
  const note = noteWithPasswordForms();
  const pid = note.paragraphs[1].id;
  t.sockets.last().serverSend(frame('NOTE', { note }));
  await t.clock.advance(0);
  t.store.dispatch(notePage.paramsChanged({ id: pid, params: { pw: SECRETS.typedForm }, run: true }));
  t.store.dispatch(notePage.paramsChanged({ id: pid, params: { pw: SECRETS.typedForm }, run: false }));
  t.store.dispatch(notePage.noteParamsChanged({ params: { dbpw: SECRETS.noteForm } }));
  t.store.dispatch(notePage.commandInvoked({ command: 'runAll' }));
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'runAll' } }));
  await t.clock.advance(0);
  // our server adds the run's form values as `lastRun`, naming the password forms among them
  const lastRun = { text: note.paragraphs[1].text ?? '', seq: 1, params: { pw: SECRETS.typedForm }, noteParams: { dbpw: SECRETS.noteForm }, passwords: ['dbpw', 'pw'] };
  t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...note.paragraphs[1], status: 'FINISHED', settings: { forms: note.paragraphs[1].settings?.forms, params: { pw: SECRETS.typedForm } }, lastRun } }));
  t.sockets.last().serverSend(frame('SAVE_NOTE_FORMS', { formsData: { forms: note.noteForms, params: { dbpw: SECRETS.noteForm } } }));
  await t.clock.advance(0);

  // the secrets really travelled (so the test would notice them)
  const wire = t.sockets.last().sent.join('\n');
  for (const s of [SECRETS.ticket, SECRETS.typedForm, SECRETS.noteForm]) expect(wire).toContain(s);
  expect(t.types()).toEqual(expect.arrayContaining([
    'ws/send/RUN_PARAGRAPH', 'ws/send/COMMIT_PARAGRAPH', 'ws/send/RUN_ALL_PARAGRAPHS', 'ws/send/SAVE_NOTE_FORMS',
    'ws/INTERPRETER_SETTINGS', 'adminInterpreters/updateRequested', 'adminInterpreters/repositoryAddSubmitted',
  ]));
  expect(JSON.stringify(t.store.getState())).toContain(SECRETS.typedForm);

  t.store.dispatch(ui.actionLogDownloadRequested());
  await t.clock.advance(0);
  const text = t.downloads[0]?.text ?? '';
  expect(text.length).toBeGreaterThan(1000);
  for (const [path, secret] of Object.entries(SECRETS)) expect([path, text.includes(secret)]).toEqual([path, false]);
  expect(text).toContain('[redacted]');
  const parsed = parseActionLog(text);
  if ('error' in parsed) throw new Error(parsed.error);
  expect(verifyReplay(parsed)).toMatchObject({ checkpointed: true, divergence: null });
  t.task?.cancel();
});

test('a form that is not a password is kept as it was typed', async () => {
  const t = makeTestStore();
  await t.clock.advance(0);
  t.store.dispatch(wsOut.COMMIT_PARAGRAPH({ id: 'p', paragraph: '%sh\necho ${name}', params: { name: 'visible-value' }, config: {} }));
  await t.clock.advance(0);
  expect(JSON.stringify(exportActionLog(t.log, new Date(0)))).toContain('visible-value');
  t.task?.cancel();
});
