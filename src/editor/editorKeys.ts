/**
 * The editor-scoped keys. Page shortcuts are caught in the capture phase before Monaco sees them (see
 * useNoteShortcuts); here: ↑/↓ and Ctrl+P/N at the first/last line leave the editor, Ctrl+. and the setting's
 * completion key ask the server for completions, Ctrl+S searches the code, Ctrl+K/Ctrl+Y cut and paste the line
 * (Monaco would otherwise start a Ctrl+K chord and swallow the key), and Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z go to the
 * local history instead of Monaco's.
 */
import type { OnMount } from '@monaco-editor/react';
import type { RefObject } from 'react';
import { monaco } from './monacoSetup';
import type { CompletionSource } from './completionSources';
import type { Keymap } from '../../slices/domain/keymaps';

type MonacoEditor = Parameters<OnMount>[0];

/** The props the keys act on, read when a key is pressed. */
interface KeyTargets {
  onEdge?: (direction: 'up' | 'down') => void;
  completion?: CompletionSource | null;
  keymap?: Keymap;
}

/** Zeppelin's Ctrl keys inside the editor, as the Monaco actions they stand for. */
const CTRL_ACTIONS: Readonly<Record<string, string>> = {
  KeyP: 'cursorUp',
  KeyN: 'cursorDown',
  KeyS: 'actions.find',
  KeyK: 'editor.action.clipboardCutAction',
  KeyY: 'editor.action.clipboardPasteAction',
};

export function bindEditorKeys(ed: MonacoEditor, latest: RefObject<KeyTargets>, undoRedo: (ed: MonacoEditor, redo: boolean) => void): void {
  ed.onKeyDown((e) => {
    const ev = e.browserEvent;
    const m = ed.getModel();
    const pos = ed.getPosition();
    if (!m || !pos) return;
    const plain = !ev.altKey && !ev.metaKey && !ev.shiftKey;
    const stop = () => {
      e.preventDefault();
      e.stopPropagation();
    };
    const mod = (ev.ctrlKey || ev.metaKey) && !ev.altKey;
    const keymap = latest.current.keymap;
    // Vim and Emacs own the editor's Ctrl keys (Ctrl+P/N/K/Y/S mean their own things there); the edges, undo and
    // completion stay ours.
    const ownCtrlKeys = keymap !== 'vim' && keymap !== 'emacs';
    if (mod && ev.code === 'KeyZ' && !ed.getOption(monaco.editor.EditorOption.readOnly)) {
      stop();
      undoRedo(ed, ev.shiftKey);
      return;
    }
    const up = (ev.code === 'ArrowUp' && plain && !ev.ctrlKey) || (ev.code === 'KeyP' && plain && ev.ctrlKey);
    const down = (ev.code === 'ArrowDown' && plain && !ev.ctrlKey) || (ev.code === 'KeyN' && plain && ev.ctrlKey);
    if (up && pos.lineNumber === 1) {
      stop();
      latest.current.onEdge?.('up');
    } else if (down && pos.lineNumber === m.getLineCount()) {
      stop();
      latest.current.onEdge?.('down');
    } else if (ev.ctrlKey && plain && ev.code === 'Period') {
      stop();
      if (latest.current.completion) ed.trigger('keyboard', 'editor.action.triggerSuggest', {});
    } else if (ownCtrlKeys && ev.ctrlKey && plain && CTRL_ACTIONS[ev.code]) {
      stop();
      ed.trigger('keyboard', CTRL_ACTIONS[ev.code], null);
    } else if (ev.code === 'Tab' && !ev.ctrlKey && plain && latest.current.completion?.key?.toUpperCase() === 'TAB') {
      const before = m.getLineContent(pos.lineNumber).slice(0, pos.column - 1);
      if (/\S$/.test(before)) {
        stop();
        ed.trigger('keyboard', 'editor.action.triggerSuggest', {});
      }
    }
  });
}
