/** @jest-environment node */
/** The editor's own undo/redo: only the local user's text is taken back, wherever a collaborator's text went in. */
import { GROUP_MS, LocalHistory, stepBetween, type Step } from '../../src/editor/localHistory';

const apply = (text: string, step: Step | null): string => {
  if (!step) return text;
  expect(text.slice(step.offset, step.offset + step.removed.length)).toBe(step.removed);
  return text.slice(0, step.offset) + step.inserted + text.slice(step.offset + step.removed.length);
};

/** A text with its history: `type` is the user, `remote` a collaborator. */
function editor(start: string) {
  const h = new LocalHistory();
  let text = start;
  let now = 0;
  return {
    get text() { return text; },
    type(next: string, after = 10) {
      now += after;
      h.local(stepBetween(text, next)!, now);
      text = next;
    },
    remote(next: string) {
      h.outside(stepBetween(text, next)!);
      text = next;
    },
    undo() { text = apply(text, h.undo()); },
    redo() { text = apply(text, h.redo()); },
  };
}

test('the smallest replacement between two texts', () => {
  expect(stepBetween('abcdef', 'abXYef')).toEqual({ offset: 2, removed: 'cd', inserted: 'XY' });
  expect(stepBetween('aaa', 'aaaa')).toEqual({ offset: 3, removed: '', inserted: 'a' });
  expect(stepBetween('same', 'same')).toBeNull();
});

test("undo takes back the user's typing and leaves a collaborator's text before and after it", () => {
  const e = editor('line one\nline two');
  e.type('line one\nline two!');
  e.type('line one\nline two!!');
  e.remote('# head\nline one\nline two!!');
  e.remote('# head\nline one\nline two!! tail');
  e.undo();
  expect(e.text).toBe('# head\nline one\nline two tail');
  e.redo();
  expect(e.text).toBe('# head\nline one\nline two!! tail');
});

test('typing runs are one step; a pause or another place starts a new one', () => {
  const e = editor('');
  e.type('a');
  e.type('ab');
  e.type('abc', GROUP_MS + 1);
  e.type('Xabc');
  e.undo();
  expect(e.text).toBe('abc');
  e.undo();
  expect(e.text).toBe('ab');
  e.undo();
  expect(e.text).toBe('');
  e.undo();
  expect(e.text).toBe('');
});

test('backspacing is one step, and new typing drops what could be redone', () => {
  const e = editor('hello');
  e.type('hell');
  e.type('hel');
  e.undo();
  expect(e.text).toBe('hello');
  e.type('hello!');
  e.redo();
  expect(e.text).toBe('hello!');
});

test('a step a collaborator changed inside is dropped instead of damaging their text', () => {
  const e = editor('abc');
  e.type('abc def');
  e.remote('abc dXef');
  e.undo();
  expect(e.text).toBe('abc dXef');
});
