/** @jest-environment node */
/** Key chords: the keypad's Enter counts as Enter, as in Zeppelin, for every chord written with Enter. */
import { COMMANDS, commandForKey } from '../../slices/domain/commands';

const key = (code: string, mods: { ctrl?: boolean; alt?: boolean; shift?: boolean } = {}) =>
  ({ code, ctrlKey: !!mods.ctrl, altKey: !!mods.alt, shiftKey: !!mods.shift, metaKey: false });

test('Shift with either Enter key runs the paragraph; Enter alone runs nothing', () => {
  expect(commandForKey(key('Enter', { shift: true }), true)?.id).toBe('run');
  expect(commandForKey(key('NumpadEnter', { shift: true }), true)?.id).toBe('run');
  expect(commandForKey(key('NumpadEnter'), true)).toBeNull();
});

test('every chord that uses Enter also answers to the keypad Enter', () => {
  const withEnter = COMMANDS.filter((c) => c.chord?.code === 'Enter');
  expect(withEnter.length).toBeGreaterThan(0);
  for (const c of withEnter) {
    const chord = c.chord!;
    expect(commandForKey(key('NumpadEnter', { ctrl: chord.ctrl, alt: chord.alt, shift: chord.shift }), true)?.id).toBe(c.id);
  }
});
