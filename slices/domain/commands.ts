/**
 * One command registry for the note page: it feeds the key handler, the paragraph menu, the command palette and
 * the help dialog, so a key shown anywhere is the key that works.
 *
 * Notes:
 * - Keys are matched on `KeyboardEvent.code`, not `key`: macOS Option+letter and AltGr layouts change `key`
 *   (Option+C gives "ç") but not `code`.
 * - Zeppelin's letter shortcuts are Ctrl+Alt (Control+Option on macOS), never Cmd.
 */

export type CommandId =
  | 'run' | 'runAbove' | 'runBelow' | 'cancel' | 'cursorUp' | 'cursorDown' | 'remove' | 'insertAbove' | 'insertBelow'
  | 'clone' | 'moveUp' | 'moveDown' | 'toggleEnabled' | 'toggleOutput' | 'toggleEditor' | 'toggleLineNumbers'
  | 'toggleTitle' | 'clearOutput' | 'link' | 'narrower' | 'wider' | 'complete' | 'find' | 'palette' | 'help'
  | 'runAll' | 'stopAll' | 'toggleAllEditors' | 'toggleAllOutputs' | 'clearAllOutput' | 'cloneNote' | 'exportZpln'
  | 'exportIpynb' | 'reloadNote' | 'trashNote' | 'deleteNote' | 'searchCode' | 'bindings' | 'permissions' | 'cron'
  | 'copyId' | 'toMarkdown' | 'toCode' | 'runStale';

export interface KeyChord {
  code: string;
  ctrl?: boolean;
  alt?: boolean;
  shift?: boolean;
}

export interface Command {
  id: CommandId;
  label: string;
  /** Acts on the focused paragraph (and needs one). */
  paragraph: boolean;
  /** Changes the note, so it is refused in view-only and revision views. */
  edits: boolean;
  chord?: KeyChord;
  /** Handled inside the editor (cursor movement, completion, search in code). */
  editorOnly?: boolean;
}

const ca = (code: string): KeyChord => ({ code, ctrl: true, alt: true });
const cs = (code: string): KeyChord => ({ code, ctrl: true, shift: true });

export const COMMANDS: readonly Command[] = [
  { id: 'run', label: 'Run paragraph', paragraph: true, edits: true, chord: { code: 'Enter', shift: true } },
  { id: 'runAbove', label: 'Run all above', paragraph: true, edits: true, chord: cs('ArrowUp') },
  { id: 'runBelow', label: 'Run all below', paragraph: true, edits: true, chord: cs('ArrowDown') },
  { id: 'cancel', label: 'Cancel paragraph', paragraph: true, edits: true, chord: ca('KeyC') },
  { id: 'cursorUp', label: 'Move cursor up', paragraph: true, edits: false, chord: { code: 'KeyP', ctrl: true }, editorOnly: true },
  { id: 'cursorDown', label: 'Move cursor down', paragraph: true, edits: false, chord: { code: 'KeyN', ctrl: true }, editorOnly: true },
  { id: 'remove', label: 'Remove', paragraph: true, edits: true, chord: ca('KeyD') },
  { id: 'insertAbove', label: 'Insert new paragraph above', paragraph: true, edits: true, chord: ca('KeyA') },
  { id: 'insertBelow', label: 'Insert new paragraph below', paragraph: true, edits: true, chord: ca('KeyB') },
  { id: 'clone', label: 'Clone paragraph', paragraph: true, edits: true, chord: cs('KeyC') },
  { id: 'moveUp', label: 'Move up', paragraph: true, edits: true, chord: ca('KeyK') },
  { id: 'moveDown', label: 'Move down', paragraph: true, edits: true, chord: ca('KeyJ') },
  { id: 'toggleEnabled', label: 'Enable/disable run', paragraph: true, edits: true, chord: ca('KeyR') },
  { id: 'toggleOutput', label: 'Toggle output', paragraph: true, edits: true, chord: ca('KeyO') },
  { id: 'toggleEditor', label: 'Toggle editor', paragraph: true, edits: true, chord: ca('KeyE') },
  { id: 'toggleLineNumbers', label: 'Toggle line numbers', paragraph: true, edits: true, chord: ca('KeyM') },
  { id: 'toggleTitle', label: 'Toggle title', paragraph: true, edits: true, chord: ca('KeyT') },
  { id: 'clearOutput', label: 'Clear output', paragraph: true, edits: true, chord: ca('KeyL') },
  { id: 'link', label: 'Link this paragraph', paragraph: true, edits: false, chord: ca('KeyW') },
  { id: 'narrower', label: 'Reduce paragraph width', paragraph: true, edits: true, chord: cs('Minus') },
  { id: 'wider', label: 'Increase paragraph width', paragraph: true, edits: true, chord: cs('Equal') },
  { id: 'complete', label: 'Auto-completion', paragraph: true, edits: false, chord: { code: 'Period', ctrl: true }, editorOnly: true },
  { id: 'find', label: 'Find in code', paragraph: false, edits: false, chord: ca('KeyF') },
  { id: 'palette', label: 'Command palette', paragraph: false, edits: false, chord: cs('KeyP') },
  { id: 'copyId', label: 'Copy paragraph id', paragraph: true, edits: false },
  // Jupyter's M and Y (the Jupyter keymap's command mode); without a chord of their own in Zeppelin's keys.
  { id: 'toMarkdown', label: 'Change to markdown', paragraph: true, edits: true },
  { id: 'toCode', label: 'Change to code', paragraph: true, edits: true },
  { id: 'runAll', label: 'Run all paragraphs', paragraph: false, edits: true },
  { id: 'runStale', label: 'Run stale', paragraph: false, edits: true },
  { id: 'stopAll', label: 'Stop all paragraphs', paragraph: false, edits: true },
  { id: 'toggleAllEditors', label: 'Show/hide the code', paragraph: false, edits: true },
  { id: 'toggleAllOutputs', label: 'Show/hide the output', paragraph: false, edits: true },
  { id: 'clearAllOutput', label: 'Clear all output', paragraph: false, edits: true },
  { id: 'cloneNote', label: 'Clone this note', paragraph: false, edits: false },
  { id: 'exportZpln', label: 'Export this note (zpln)', paragraph: false, edits: false },
  { id: 'exportIpynb', label: 'Export this note (ipynb)', paragraph: false, edits: false },
  { id: 'reloadNote', label: 'Reload from note file', paragraph: false, edits: false },
  { id: 'trashNote', label: 'Move this note to trash', paragraph: false, edits: true },
  { id: 'deleteNote', label: 'Remove this note permanently', paragraph: false, edits: true },
  { id: 'bindings', label: 'Interpreter binding', paragraph: false, edits: false },
  { id: 'permissions', label: 'Note permissions', paragraph: false, edits: false },
  { id: 'cron', label: 'Run scheduler', paragraph: false, edits: false },
  { id: 'help', label: 'List of shortcuts', paragraph: false, edits: false },
];

/** Editor-only keys that have no chord of their own in Zeppelin's table but belong in the help dialog. */
export const EDITOR_KEYS: readonly { label: string; keys: string }[] = [
  { label: 'Cut the line', keys: 'Ctrl+K' },
  { label: 'Paste the line', keys: 'Ctrl+Y' },
  { label: 'Search inside the code', keys: 'Ctrl+S' },
  { label: 'Move cursor to the beginning of the line', keys: 'Ctrl+A' },
  { label: 'Move cursor to the end of the line', keys: 'Ctrl+E' },
];

export const commandById = (id: CommandId): Command => {
  const c = COMMANDS.find((x) => x.id === id);
  if (!c) throw new Error(`unknown command ${id}`);
  return c;
};

const KEY_NAMES: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', Minus: '-', Equal: '+', Period: '.', Enter: 'Enter' };

/** `Ctrl+Alt+C`, or on macOS `Control+Option+C`. */
export function chordLabel(chord: KeyChord, mac = false): string {
  const parts: string[] = [];
  if (chord.ctrl) parts.push(mac ? 'Control' : 'Ctrl');
  if (chord.alt) parts.push(mac ? 'Option' : 'Alt');
  if (chord.shift) parts.push('Shift');
  parts.push(KEY_NAMES[chord.code] ?? chord.code.replace(/^Key|^Digit/, ''));
  return parts.join('+');
}

export interface KeyLike {
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

// The keypad's Enter is the same key to a user (and Firefox reports a WebDriver Enter as the keypad's).
const sameKey = (code: string): string => (code === 'NumpadEnter' ? 'Enter' : code);

export function chordMatches(chord: KeyChord, e: KeyLike): boolean {
  return sameKey(e.code) === chord.code && !!chord.ctrl === e.ctrlKey && !!chord.alt === e.altKey && !!chord.shift === e.shiftKey && !e.metaKey;
}

/** The command a key press means, if any. `inEditor` lets the editor-only keys through. */
export function commandForKey(e: KeyLike, inEditor: boolean): Command | null {
  for (const c of COMMANDS) {
    if (!c.chord || (c.editorOnly && !inEditor)) continue;
    if (chordMatches(c.chord, e)) return c;
  }
  return null;
}

/** Form fields the user types in: no shortcut may fire there (Monaco's own textarea is not one of them). */
export function isFormField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor, .paragraph-editor')) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}
