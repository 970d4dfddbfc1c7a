/**
 * Staleness fed by recorded frames through the root reducer: a collaborator's edit (PATCH_PARAGRAPH while typing,
 * PARAGRAPH once committed) makes the paragraph "Stale" on this page at once, a local draft does too, and the
 * PARAGRAPH of a finished run (with its new `lastRun`) clears it. A note form saved by anyone marks its users.
 */
import type { Paragraph } from '../../protocol';
import { notePage } from '../../slices/notePage';
import { selectRunStalePlan, selectStaleReasons } from '../../slices/noteSelectors';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote } from '../support/frames';

const base = loadFixtureNote();
const PY = '20180118-112246_474555672';
const ORIGINAL = '%python.ipython\n\nimport sys\n\nsys?';
// Each paragraph ran top to bottom with its current text: what our server sends as `lastRun`.
const note = {
  ...base,
  noteParams: { region: 'EU' },
  paragraphs: base.paragraphs.map((p, i) => ({ ...p, lastRun: { text: p.text ?? '', seq: i + 1, noteParams: { region: 'EU' }, params: p.settings?.params ?? {} } })),
};
const opened = () => feed(undefined, frame('NOTE', { note }));
const PATCH = frame('PATCH_PARAGRAPH', { paragraphId: PY, patch: '@@ -29,5 +29,12 @@\n %0Asys\n-?\n+.version\n' });
const para = (s: ReturnType<typeof opened>): Paragraph => s.paragraphs.entities[PY]!;

test('an opened note whose paragraphs ran with their text has nothing stale', () => {
  const s = opened();
  expect(para(s).text).toBe(ORIGINAL);
  expect(selectStaleReasons(s)).toEqual({});
  expect(selectRunStalePlan(s)).toEqual([]);
});

test("a collaborator's typing (PATCH_PARAGRAPH) makes the paragraph stale live", () => {
  const s = feed(opened(), PATCH);
  expect(selectStaleReasons(s)).toEqual({ [PY]: ['The text changed since the last run.'] });
  expect(selectRunStalePlan(s)).toEqual([PY]);
});

test("a collaborator's committed text (PARAGRAPH) makes it stale; the PARAGRAPH of its next run clears it", () => {
  const p = para(opened());
  const committed = feed(opened(), frame('PARAGRAPH', { paragraph: { ...p, text: `${ORIGINAL}\nprint(1)` } }));
  expect(Object.keys(selectStaleReasons(committed))).toEqual([PY]);
  const running = feed(committed, frame('PARAGRAPH', { paragraph: { ...para(committed), status: 'RUNNING', lastRun: { text: `${ORIGINAL}\nprint(1)`, seq: 99 } } }));
  expect(selectStaleReasons(running)).toEqual({});
  const done = feed(running, frame('PARAGRAPH', { paragraph: { ...para(running), status: 'FINISHED' } }));
  expect(selectStaleReasons(done)).toEqual({});
});

test('the local draft counts as the text', () => {
  const s = feed(opened(), notePage.draftChanged({ id: PY, text: `${ORIGINAL}\n1` }));
  expect(selectStaleReasons(s)[PY]).toEqual(['The text changed since the last run.']);
});

test('a note form saved by anyone (SAVE_NOTE_FORMS) marks the paragraphs that use it', () => {
  const p = para(opened());
  const text = '%python\nz.noteTextbox("region")';
  const s = feed(opened(), frame('PARAGRAPH', { paragraph: { ...p, text, lastRun: { text, seq: 50, noteParams: { region: 'EU' }, params: {} } } }));
  expect(selectStaleReasons(s)).toEqual({});
  const changed = feed(s, frame('SAVE_NOTE_FORMS', { formsData: { forms: {}, params: { region: 'US' } } }));
  expect(selectStaleReasons(changed)).toEqual({ [PY]: ['The note form "region" changed since the last run.'] });
});

test('a note form with only its default counts as that value: choosing another marks its users', () => {
  const p = para(opened());
  const text = '%md\nRegion: $${region=EU,EU|US}';
  const forms = { region: { type: 'Select', name: 'region', defaultValue: 'EU', options: [{ value: 'EU' }, { value: 'US' }] } };
  const ran = feed(opened(), frame('SAVE_NOTE_FORMS', { formsData: { forms, params: {} } }),
    frame('PARAGRAPH', { paragraph: { ...p, text, lastRun: { text, seq: 50, noteParams: { region: 'EU' }, params: {} } } }));
  expect(selectStaleReasons(ran)).toEqual({});
  const chosen = feed(ran, frame('SAVE_NOTE_FORMS', { formsData: { forms, params: { region: 'US' } } }));
  expect(selectStaleReasons(chosen)).toEqual({ [PY]: ['The note form "region" changed since the last run.'] });
});

test('streamed output does not make the rules run again: the reasons stay the same object', () => {
  const other = note.paragraphs.find((x) => x.id !== PY)!;
  const s = feed(opened(), PATCH, frame('PARAGRAPH', { paragraph: { ...other, status: 'RUNNING' } }));
  const before = selectStaleReasons(s);
  const after = feed(s, frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: other.id, index: 0, data: 'more\n' }));
  expect(after.paragraphs.entities[other.id]).not.toBe(s.paragraphs.entities[other.id]);
  expect(selectStaleReasons(after)).toBe(before);
  expect(before).toEqual({ [PY]: ['The text changed since the last run.'] });
});
