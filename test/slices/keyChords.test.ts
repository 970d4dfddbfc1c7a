/** Key chords of the note page: the keypad's Enter is Enter (Firefox reports a WebDriver or keypad Enter as NumpadEnter). */
import { commandForKey, type KeyLike } from '../../slices/domain/commands';

const key = (code: string, mods: Partial<KeyLike> = {}): KeyLike => ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

test.each(['Enter', 'NumpadEnter'])('Shift+%s runs the paragraph', (code) => {
  expect(commandForKey(key(code, { shiftKey: true }), true)?.id).toBe('run');
});

test('a plain Enter, keypad or not, is no command (the editor gets a new line)', () => {
  expect(commandForKey(key('Enter'), true)).toBeNull();
  expect(commandForKey(key('NumpadEnter'), true)).toBeNull();
});
