/**
 * A collaborator's PATCH_PARAGRAPH frames (recorded diff-match-patch text, as Zeppelin relays them) fed through the
 * root reducer on deep-frozen states: the stored text follows them when the local user has no draft, and a draft is
 * patched once, next to the stored text, never twice.
 */
import { notePage, selectHasDrafts } from '../../slices/notePage';
import { selectText } from '../../slices/noteSelectors';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote } from '../support/frames';


const note = loadFixtureNote();
const PY = '20180118-112246_474555672';
const ORIGINAL = '%python.ipython\n\nimport sys\n\nsys?';
// Recorded from a second browser: "sys?" → "sys.version", then "import sys" → "import os, sys".
const FIRST = frame('PATCH_PARAGRAPH', { paragraphId: PY, patch: '@@ -29,5 +29,12 @@\n %0Asys\n-?\n+.version\n' });
const SECOND = frame('PATCH_PARAGRAPH', { paragraphId: PY, patch: '@@ -16,16 +16,20 @@\n %0A%0Aimport\n+ os,\n  sys%0A%0Asy\n' });
const opened = () => feed(undefined, frame('NOTE', { note }));

test('the fixture paragraph is the one the patches were recorded on', () => {
  expect(opened().paragraphs.entities[PY]?.text).toBe(ORIGINAL);
});

test('without a draft the stored text follows each patch, and no draft appears', () => {
  const one = feed(opened(), FIRST);
  expect(one.paragraphs.entities[PY]?.text).toBe('%python.ipython\n\nimport sys\n\nsys.version');
  const two = feed(one, SECOND);
  expect(two.paragraphs.entities[PY]?.text).toBe('%python.ipython\n\nimport os, sys\n\nsys.version');
  expect(selectText(two, PY)).toBe('%python.ipython\n\nimport os, sys\n\nsys.version');
  expect(two.notePage.drafts).toEqual({});
  expect(selectHasDrafts(two)).toBe(false);
  // other paragraphs are untouched
  for (const p of note.paragraphs.filter((x) => x.id !== PY)) expect(two.paragraphs.entities[p.id]?.text).toBe(p.text);
});

test('with a draft the editor shows the draft patched once, keeping the local typing', () => {
  const typed = `${ORIGINAL}\nprint(1)`;
  const s = feed(opened(), notePage.draftChanged({ id: PY, text: typed }), FIRST, SECOND);
  expect(s.notePage.drafts[PY]).toBe('%python.ipython\n\nimport os, sys\n\nsys.version\nprint(1)');
  expect(selectText(s, PY)).toBe(s.notePage.drafts[PY]);
  // the stored (server) text took each patch once too, without the unsent local line
  expect(s.paragraphs.entities[PY]?.text).toBe('%python.ipython\n\nimport os, sys\n\nsys.version');
  // once the server's PARAGRAPH carries the same text, the draft is dropped and the text stays the same
  const p = s.paragraphs.entities[PY]!;
  const saved = feed(s, frame('PARAGRAPH', { paragraph: { ...p, text: s.notePage.drafts[PY] } }));
  expect(saved.notePage.drafts[PY]).toBeUndefined();
  expect(selectText(saved, PY)).toBe('%python.ipython\n\nimport os, sys\n\nsys.version\nprint(1)');
});

test('an unreadable patch or an unknown paragraph changes nothing', () => {
  const s = opened();
  const bad = feed(s, frame('PATCH_PARAGRAPH', { paragraphId: PY, patch: '@@ nonsense' }));
  expect(bad.paragraphs.entities[PY]?.text).toBe(ORIGINAL);
  const other = feed(s, frame('PATCH_PARAGRAPH', { paragraphId: 'no-such-paragraph', patch: '@@ -29,5 +29,12 @@\n %0Asys\n-?\n+.version\n' }));
  expect(other.paragraphs).toEqual(s.paragraphs);
});
