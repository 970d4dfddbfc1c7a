import { jupyterCommandKey, toCodeText, toMarkdownText } from '../../slices/domain/keymaps';

const key = (code: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {}) =>
  ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods });

test("Jupyter's command-mode keys, DD as two presses, and nothing with a modifier", () => {
  expect(jupyterCommandKey(key('KeyA'), false)).toEqual({ kind: 'command', command: 'insertAbove' });
  expect(jupyterCommandKey(key('KeyB'), false)).toEqual({ kind: 'command', command: 'insertBelow' });
  expect(jupyterCommandKey(key('KeyD'), false)).toEqual({ kind: 'pending' });
  expect(jupyterCommandKey(key('KeyD'), true)).toEqual({ kind: 'command', command: 'remove' });
  expect(jupyterCommandKey(key('KeyM'), false)).toEqual({ kind: 'command', command: 'toMarkdown' });
  expect(jupyterCommandKey(key('KeyY'), false)).toEqual({ kind: 'command', command: 'toCode' });
  expect(jupyterCommandKey(key('KeyK'), false)).toEqual({ kind: 'select', direction: 'up' });
  expect(jupyterCommandKey(key('KeyJ'), false)).toEqual({ kind: 'select', direction: 'down' });
  expect(jupyterCommandKey(key('Enter'), false)).toEqual({ kind: 'edit' });
  expect(jupyterCommandKey(key('NumpadEnter'), false)).toEqual({ kind: 'edit' });
  // Shift+Enter (run), Ctrl+Alt+A (Zeppelin's insert) and other letters are not command-mode keys.
  expect(jupyterCommandKey(key('Enter', { shiftKey: true }), false)).toBeNull();
  expect(jupyterCommandKey(key('KeyA', { ctrlKey: true, altKey: true }), false)).toBeNull();
  expect(jupyterCommandKey(key('KeyQ'), true)).toBeNull();
});

test('M puts %md in place of the magic (keeping the rest), Y takes %md away and leaves other magics', () => {
  expect(toMarkdownText('print(1)')).toBe('%md\nprint(1)');
  expect(toMarkdownText('%python\nprint(1)')).toBe('%md\nprint(1)');
  expect(toMarkdownText('%spark.pyspark(x=1)\nrdd')).toBe('%md\nrdd');
  expect(toMarkdownText('%md\n# hi')).toBe('%md\n# hi');
  expect(toMarkdownText('')).toBe('%md\n');
  expect(toCodeText('%md\n# hi')).toBe('# hi');
  expect(toCodeText('%md')).toBe('');
  expect(toCodeText('%mdx\n# hi')).toBe('%mdx\n# hi');
  expect(toCodeText('%python\nprint(1)')).toBe('%python\nprint(1)');
  expect(toCodeText('# a markdown heading')).toBe('# a markdown heading');
});
