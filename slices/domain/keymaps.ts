/**
 * The user's keymap (beyond Zeppelin): Zeppelin's own keys, Jupyter's command mode on top of them, or Vim or Emacs
 * inside the editor. What each adds is listed here once, for the key handler and for the shortcut help.
 *
 * Notes:
 * - Jupyter's command mode is "a paragraph has the focus, its editor does not": Esc in the editor gets there, Enter
 *   goes back. Its letter keys are plain letters, so they are only read there, never while typing.
 * - Vim and Emacs change the editor's keys only; the page's Ctrl+Alt shortcuts and Shift+Enter stay as they are.
 */
import type { CommandId, KeyLike } from './commands';

export type Keymap = 'zeppelin' | 'jupyter' | 'vim' | 'emacs';

export const KEYMAPS: readonly { id: Keymap; label: string }[] = [
  { id: 'zeppelin', label: 'Zeppelin' },
  { id: 'jupyter', label: 'Jupyter' },
  { id: 'vim', label: 'Vim' },
  { id: 'emacs', label: 'Emacs' },
];

export const isKeymap = (v: unknown): v is Keymap => KEYMAPS.some((k) => k.id === v);

/** The keys a keymap adds, for the shortcut help. */
export const KEYMAP_KEYS: Readonly<Record<Keymap, readonly { keys: string; label: string }[]>> = {
  zeppelin: [],
  jupyter: [
    { keys: 'Esc', label: 'Command mode: leave the editor, keep the paragraph selected' },
    { keys: 'Enter', label: 'Edit mode: back into the selected paragraph\'s editor' },
    { keys: 'A', label: 'Insert new paragraph above' },
    { keys: 'B', label: 'Insert new paragraph below' },
    { keys: 'D, D', label: 'Remove the paragraph' },
    { keys: 'M', label: 'Change to markdown (%md)' },
    { keys: 'Y', label: 'Change to code (the note\'s default interpreter)' },
    { keys: 'K or ↑ / J or ↓', label: 'Select the paragraph above / below' },
    { keys: 'Shift+Enter', label: 'Run paragraph' },
  ],
  vim: [
    { keys: 'Esc / i, a, o', label: 'Normal mode / insert mode, in the editor' },
    { keys: 'h j k l, w b, dd, yy p, u, Ctrl+R', label: 'Vim motions and edits (status shown under the editor)' },
    { keys: ':s/a/b/', label: 'Ex commands' },
  ],
  emacs: [
    { keys: 'Ctrl+A / Ctrl+E', label: 'Beginning / end of the line' },
    { keys: 'Ctrl+F / Ctrl+B, Alt+F / Alt+B', label: 'Forward / back a character, a word' },
    { keys: 'Ctrl+K / Ctrl+Y', label: 'Kill to the end of the line / yank' },
    { keys: 'Ctrl+Space, Ctrl+W, Alt+W', label: 'Set the mark, kill and copy the region' },
  ],
};

/** What a key does in Jupyter's command mode. */
export type JupyterAction =
  | { kind: 'command'; command: CommandId }
  | { kind: 'edit' }
  | { kind: 'select'; direction: 'up' | 'down' }
  /** The first D of DD: remembered until the next key. */
  | { kind: 'pending' };

const plain = (e: KeyLike): boolean => !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey;

/** The command-mode meaning of a key press; `pendingD` says the previous key was a first D. */
export function jupyterCommandKey(e: KeyLike, pendingD: boolean): JupyterAction | null {
  if (!plain(e)) return null;
  switch (e.code) {
    case 'KeyA': return { kind: 'command', command: 'insertAbove' };
    case 'KeyB': return { kind: 'command', command: 'insertBelow' };
    case 'KeyD': return pendingD ? { kind: 'command', command: 'remove' } : { kind: 'pending' };
    case 'KeyM': return { kind: 'command', command: 'toMarkdown' };
    case 'KeyY': return { kind: 'command', command: 'toCode' };
    case 'KeyK': return { kind: 'select', direction: 'up' };
    case 'KeyJ': return { kind: 'select', direction: 'down' };
    case 'Enter':
    case 'NumpadEnter': return { kind: 'edit' };
    default: return null;
  }
}

const MAGIC_LINE = /^[ \t]*%[\w.-]+(\([^)\n]*\))?[ \t]*(\n|$)/;

/** Jupyter's M: the paragraph becomes `%md`, in place of the magic it had (if any). */
export function toMarkdownText(text: string): string {
  const m = MAGIC_LINE.exec(text);
  if (!m) return `%md\n${text}`;
  if (/^[ \t]*%md\b/.test(m[0])) return text;
  return `%md\n${text.slice(m[0].length)}`;
}

/** Jupyter's Y: a `%md` paragraph loses its magic, so it runs with the note's default interpreter. */
export function toCodeText(text: string): string {
  const m = MAGIC_LINE.exec(text);
  return m && /^[ \t]*%md\b/.test(m[0]) ? text.slice(m[0].length) : text;
}
