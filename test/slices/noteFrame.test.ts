/**
 * A NOTE frame replaces the paragraph bodies of the open note. A 5,000-paragraph note is stored without walking its
 * paragraphs (no copy, no deep freeze: that walk was a large part of opening such a note), with the same result as
 * the entity adapter's setAll, and later changes still go through Immer as usual.
 */
import { rootReducer } from '../../slices/rootReducer';
import { wsIn, wsOut } from '../../slices/wsActions';
import type { Note, Paragraph } from '../../protocol';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote } from '../support/frames';

const para = (id: string, text: string): Paragraph => ({ id, text, status: 'FINISHED', config: {}, settings: { params: {}, forms: {} } }) as Paragraph;
const noteOf = (id: string, paragraphs: Paragraph[]): Note => ({ id, name: id, config: {}, info: {}, paragraphs }) as unknown as Note;

test('the paragraphs of a NOTE are stored as they came, neither copied nor frozen', () => {
  const paragraphs = Array.from({ length: 50 }, (_, i) => para(`p${i}`, `%md ${i}`));
  const s = rootReducer(undefined, wsIn.NOTE({ note: noteOf('N1', paragraphs) }));
  expect(s.paragraphs.ids).toEqual(paragraphs.map((p) => p.id));
  for (const p of paragraphs) expect(s.paragraphs.entities[p.id]).toBe(p);
  expect(Object.isFrozen(paragraphs[0])).toBe(false);
  expect(Object.isFrozen(paragraphs[0].settings)).toBe(false);
});

test('a NOTE replaces the previous note\'s paragraphs; a repeated id keeps its first place and its last body', () => {
  const first = feed(undefined, frame('NOTE', { note: loadFixtureNote() }));
  expect(first.paragraphs.ids.length).toBeGreaterThan(0);
  const next = feed(first, wsIn.NOTE({ note: noteOf('N2', [para('a', 'one'), para('b', 'two'), para('a', 'three')]) }));
  expect(next.paragraphs.ids).toEqual(['a', 'b']);
  expect(next.paragraphs.entities.a?.text).toBe('three');
  expect(Object.keys(next.paragraphs.entities)).toEqual(['a', 'b']);
  expect(next.paragraphs.revision).toBeNull();
  // the stale rules run again after any change of paragraph bodies but streamed output
  expect(next.paragraphs.edits).toBe(first.paragraphs.edits + 1);
});

test('a NOTE without a note, or for the note whose revision is shown, leaves the paragraphs alone', () => {
  const opened = feed(undefined, wsIn.NOTE({ note: noteOf('N1', [para('a', 'live')]) }));
  expect(feed(opened, wsIn.NOTE({})).paragraphs).toBe(opened.paragraphs);
  const asked = feed(opened, wsOut.NOTE_REVISION({ noteId: 'N1', revisionId: 'r1' }));
  const shown = feed(asked, wsIn.NOTE_REVISION({ noteId: 'N1', revisionId: 'r1', note: noteOf('N1', [para('a', 'old')]) }));
  const live = feed(shown, wsIn.NOTE({ note: noteOf('N1', [para('a', 'live again')]) }));
  expect(live.paragraphs.entities.a?.text).toBe('old');
});

test('after a NOTE, a PARAGRAPH frame updates one paragraph and leaves the others as they were', () => {
  const paragraphs = [para('a', 'one'), para('b', 'two')];
  const opened = rootReducer(undefined, wsIn.NOTE({ note: noteOf('N1', paragraphs) }));
  const s = rootReducer(opened, wsIn.PARAGRAPH({ paragraph: para('a', 'changed') }));
  expect(s.paragraphs.entities.a?.text).toBe('changed');
  expect(s.paragraphs.entities.b).toEqual(paragraphs[1]);
  expect(s.paragraphs.ids).toEqual(['a', 'b']);
});
