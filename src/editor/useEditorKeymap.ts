/**
 * Vim or Emacs keys inside one Monaco editor, from well-kept packages (monaco-vim, monaco-emacs), loaded only when
 * a user chooses them. Vim shows its mode and pending command in `status` (under the editor).
 */
import { useEffect, type RefObject } from 'react';
import type { OnMount } from '@monaco-editor/react';
import type { Keymap } from '../../slices/domain/keymaps';

type MonacoEditor = Parameters<OnMount>[0];

interface Disposable {
  dispose(): void;
}

async function attach(ed: MonacoEditor, keymap: 'vim' | 'emacs', status: HTMLElement | null): Promise<Disposable> {
  if (keymap === 'vim') {
    const { initVimMode } = await import(/* webpackChunkName: "monaco-keymaps" */ 'monaco-vim');
    return initVimMode(ed, status ?? undefined);
  }
  const { EmacsExtension } = await import(/* webpackChunkName: "monaco-keymaps" */ 'monaco-emacs');
  const emacs = new EmacsExtension(ed);
  emacs.start();
  return emacs;
}

export function useEditorKeymap(ed: MonacoEditor | null, keymap: Keymap | undefined, status: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!ed || (keymap !== 'vim' && keymap !== 'emacs')) return;
    let gone = false;
    let active: Disposable | undefined;
    const node = status.current;
    // The keys come from a chunk loaded on demand: until it is attached the editor types as plain Monaco does, so
    // the editor says which keymap is live (data-keymap) once it is.
    const box = ed.getContainerDomNode();
    attach(ed, keymap, node).then((d) => {
      if (gone) d.dispose();
      else {
        active = d;
        box.dataset.keymap = keymap;
      }
    }, (e: unknown) => console.error(`the ${keymap} keymap could not be loaded`, e));
    return () => {
      gone = true;
      active?.dispose();
      delete box.dataset.keymap;
      if (node) node.textContent = '';
    };
  }, [ed, keymap, status]);
}
