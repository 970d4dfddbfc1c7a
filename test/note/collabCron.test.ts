/** @jest-environment node */
/**
 * Collaborative mode (patches both ways, the server's resync, clearing, who is editing) and the cron panel's
 * history, through the real store and sagas with a manual clock.
 */
import { notePage } from '../../slices/notePage';
import { EDITING_BADGE_MS } from '../../sagas/collab';
import { HttpError } from '../../sagas/restClient';
import { selectText } from '../../slices/noteSelectors';
import { applyPatchText, makePatchText } from '../../protocol/textPatch';
import { NOTE_ID, openNote, PY } from './noteHarness';

const ORIGINAL = '%python.ipython\n\nimport sys\n\nsys?';

async function collaborating() {
  const t = await openNote();
  await t.push('COLLABORATIVE_MODE_STATUS', { status: true, users: ['alice', 'bob'] });
  return t;
}

describe('collaborative editing', () => {
  test('an incoming patch merges into the local draft without losing local typing, and the next patch builds on it', async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}\nprint(1)` }));
    await t.clock.advance(0);
    // bob changes the first line, written against the text he had (without our line)
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(ORIGINAL, ORIGINAL.replace('import sys', 'import os, sys')), user: 'bob' });
    const merged = '%python.ipython\n\nimport os, sys\n\nsys?\nprint(1)';
    expect(selectText(t.store.getState(), PY)).toBe(merged);
    const after = t.mark();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${merged}2` }));
    await t.clock.advance(0);
    const [patch] = after().filter((f) => f.op === 'PATCH_PARAGRAPH');
    // the patch is made against the merged text, so the server (which has bob's edit) applies it exactly
    expect(applyPatchText(merged, patch.data.patch as string)).toBe(`${merged}2`);
    expect(patch.data.patch).not.toContain('os');
  });

  test("the server's resync replaces the text and sends nothing back", async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL} local` }));
    await t.clock.advance(0);
    const after = t.mark();
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: '', user: 'bob', text: 'agreed text' });
    expect(selectText(t.store.getState(), PY)).toBe('agreed text');
    expect(t.store.getState().paragraphs.entities[PY]?.text).toBe('agreed text');
    // the editor reports the adopted text back as a change: it equals the base, so no patch goes out
    t.store.dispatch(notePage.draftChanged({ id: PY, text: 'agreed text' }));
    await t.clock.advance(0);
    expect(after().filter((f) => f.op === 'PATCH_PARAGRAPH')).toEqual([]);
    // a resync is not a keystroke: no "is editing"
    expect(t.store.getState().collab.editing[PY]).toBeUndefined();
  });

  test('clearing the text is sent as a patch, and a received clearing empties the paragraph', async () => {
    const t = await collaborating();
    const after = t.mark();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: '' }));
    await t.clock.advance(0);
    const patches = after().filter((f) => f.op === 'PATCH_PARAGRAPH');
    expect(patches).toHaveLength(1);
    expect(applyPatchText(ORIGINAL, patches[0].data.patch as string)).toBe('');

    const u = await collaborating();
    await u.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(ORIGINAL, ''), user: 'bob' });
    expect(selectText(u.store.getState(), PY)).toBe('');
    expect(u.store.getState().paragraphs.entities[PY]?.text).toBe('');
  });

  test('"is editing" follows the author of incoming patches and goes after a quiet moment', async () => {
    const t = await collaborating();
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(ORIGINAL, `${ORIGINAL}1`), user: 'bob' });
    expect(t.store.getState().collab.editing[PY]).toBe('bob');
    await t.clock.advance(EDITING_BADGE_MS - 1000);
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(`${ORIGINAL}1`, `${ORIGINAL}12`), user: 'bob' });
    await t.clock.advance(EDITING_BADGE_MS - 1);
    expect(t.store.getState().collab.editing[PY]).toBe('bob');
    await t.clock.advance(1);
    expect(t.store.getState().collab.editing[PY]).toBeUndefined();
    // a Zeppelin server names nobody: nothing is shown
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(`${ORIGINAL}12`, `${ORIGINAL}123`) });
    expect(t.store.getState().collab.editing).toEqual({});
    // leaving collaborative mode clears any name at once
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(`${ORIGINAL}123`, `${ORIGINAL}1234`), user: 'bob' });
    await t.push('COLLABORATIVE_MODE_STATUS', { status: false });
    expect(t.store.getState().collab.editing).toEqual({});
  });
});

describe('saving while collaborating', () => {
  const paragraph = (text: string) => ({ paragraph: { id: PY, title: '', text, status: 'READY', config: {}, settings: { params: {}, forms: {} } } });

  test("leaving the editor commits with a patch of our change only, so a collaborator's edit on its way stays", async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}\nprint(1)` }));
    await t.clock.advance(0);
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(ORIGINAL, ORIGINAL.replace('import sys', 'import os, sys')), user: 'bob' });
    const after = t.mark();
    t.store.dispatch(notePage.editorBlurred({ id: PY }));
    await t.clock.advance(0);
    const [commit] = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
    const merged = '%python.ipython\n\nimport os, sys\n\nsys?\nprint(1)';
    expect(commit.data.paragraph).toBe(merged);
    // everything was already shared as patches: nothing left to change, whatever the server has by now
    expect(commit.data.patch).toBe('');
    // a server text with a further edit by bob keeps it
    expect(applyPatchText(`${merged}\n# bob`, commit.data.patch as string)).toBe(`${merged}\n# bob`);
  });

  test('typing from before the room became collaborative goes in the patch of the autosave', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `# mine\n${ORIGINAL}` }));
    await t.clock.advance(0);
    await t.push('COLLABORATIVE_MODE_STATUS', { status: true, users: ['alice', 'bob'] });
    const after = t.mark();
    await t.clock.advance(10_000);
    const [commit] = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
    expect(applyPatchText(`${ORIGINAL}\n# bob`, commit.data.patch as string)).toBe(`# mine\n${ORIGINAL}\n# bob`);
  });

  test('running while collaborating carries our own change as a patch; alone, the run has no patch', async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}\nprint(1)` }));
    await t.clock.advance(0);
    await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: makePatchText(ORIGINAL, ORIGINAL.replace('import sys', 'import os, sys')), user: 'bob' });
    const after = t.mark();
    t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
    await t.clock.advance(0);
    const [run] = after().filter((f) => f.op === 'RUN_PARAGRAPH');
    const merged = '%python.ipython\n\nimport os, sys\n\nsys?\nprint(1)';
    expect(run.data.paragraph).toBe(merged);
    expect(run.data.patch).toBe('');
    // bob's next edit, already on the server, survives the run
    expect(applyPatchText(`# bob\n${merged}`, run.data.patch as string)).toBe(`# bob\n${merged}`);

    const u = await openNote();
    u.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}!` }));
    await u.clock.advance(0);
    const solo = u.mark();
    u.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
    await u.clock.advance(0);
    const [alone] = solo().filter((f) => f.op === 'RUN_PARAGRAPH');
    expect(alone.data.paragraph).toBe(`${ORIGINAL}!`);
    expect(alone.data).not.toHaveProperty('patch');
  });

  test('run all while collaborating: every entry carries our own change as a patch', async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}\nprint(1)` }));
    await t.clock.advance(0);
    const after = t.mark();
    t.store.dispatch(notePage.commandInvoked({ command: 'runAll' }));
    t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'runAll' } }));
    await t.clock.advance(0);
    const [runAll] = after().filter((f) => f.op === 'RUN_ALL_PARAGRAPHS');
    const entries = JSON.parse(runAll.data.paragraphs as string) as { id: string; paragraph: string; patch?: string }[];
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((e) => typeof e.patch === 'string')).toBe(true);
    // our typing already went out as a patch: nothing left to add, whatever the server has by now
    expect(entries.find((e) => e.id === PY)?.patch).toBe('');
  });

  test('alone, the commit carries the whole text only, as Zeppelin sends it', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}!` }));
    await t.clock.advance(0);
    const after = t.mark();
    t.store.dispatch(notePage.editorBlurred({ id: PY }));
    await t.clock.advance(0);
    const [commit] = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
    expect(commit.data.paragraph).toBe(`${ORIGINAL}!`);
    expect('patch' in commit.data).toBe(false);
  });

  test("a PARAGRAPH without our latest patch does not make the next patch repeat it", async () => {
    const t = await collaborating();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}1` }));
    await t.clock.advance(0);
    // the server saved bob's commit before our patch arrived; the patch is applied on top of it there
    await t.push('PARAGRAPH', paragraph(ORIGINAL));
    const after = t.mark();
    t.store.dispatch(notePage.draftChanged({ id: PY, text: `${ORIGINAL}12` }));
    await t.clock.advance(0);
    const [patch] = after().filter((f) => f.op === 'PATCH_PARAGRAPH');
    expect(applyPatchText(`${ORIGINAL}1`, patch.data.patch as string)).toBe(`${ORIGINAL}12`);
  });
});

describe('cron panel history', () => {
  const path = `GET /notebook/cron/${NOTE_ID}`;
  const run = { startedAt: 1_700_000_000_000, durationMs: 1200, outcome: 'ERROR', user: 'anonymous', roles: [], paragraphId: PY, message: 'boom' };

  test('loaded when the panel opens and again after NOTE_UPDATED, the end of a run, or a job update for the note', async () => {
    let history = [run];
    const t = await openNote({ rest: { [path]: () => ({ cron: '0 0/1 * * * ?', nextFireTime: 1_700_000_060_000, history }) } });
    t.store.dispatch(notePage.panelToggled('cron'));
    await t.clock.advance(0);
    expect(t.store.getState().cron).toEqual({ noteId: NOTE_ID, error: null, info: { cron: '0 0/1 * * * ?', nextFireTime: 1_700_000_060_000, history: [run] } });
    history = [{ ...run, startedAt: run.startedAt + 60_000, outcome: 'SUCCESS' }, run];
    await t.push('NOTE_UPDATED', { name: 'n', config: {}, info: {} });
    expect(t.store.getState().cron.info?.history?.map((r) => r.outcome)).toEqual(['SUCCESS', 'ERROR']);
    const calls = () => t.rest.calls.filter((c) => `${c.method} ${c.path}` === path).length;
    const before = calls();
    await t.push('NOTE_RUNNING_STATUS', { status: true });
    expect(calls()).toBe(before);
    await t.push('NOTE_RUNNING_STATUS', { status: false });
    await t.push('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: 1, jobs: [{ noteId: 'other', noteName: 'x', noteType: 'normal', interpreter: 'md', isRunningJob: false, isRemoved: false, unixTimeLastRun: 1, paragraphs: [] }] } });
    await t.push('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: 1, jobs: [{ noteId: NOTE_ID, noteName: 'x', noteType: 'cron', interpreter: 'md', isRunningJob: false, isRemoved: false, unixTimeLastRun: 1, paragraphs: [] }] } });
    expect(calls()).toBe(before + 2);
    // closed panel: nothing is fetched
    t.store.dispatch(notePage.panelClosed());
    await t.push('NOTE_UPDATED', { name: 'n', config: {}, info: {} });
    expect(calls()).toBe(before + 2);
  });

  test("the server's refusal is kept as the panel's message", async () => {
    const t = await openNote({ rest: { [path]: new HttpError(403, 'GET', `/notebook/cron/${NOTE_ID}`, 'Cron is not enabled from Zeppelin server', null, null) } });
    t.store.dispatch(notePage.panelToggled('cron'));
    await t.clock.advance(0);
    expect(t.store.getState().cron).toEqual({ noteId: NOTE_ID, info: null, error: 'Cron is not enabled from Zeppelin server' });
  });
});
