import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../../slices/rootReducer';
import { notePage } from '../../../slices/notePage';
import { selectKeymap } from '../../../slices/ui';
import { commandForKey, isFormField } from '../../../slices/domain/commands';
import { jupyterCommandKey } from '../../../slices/domain/keymaps';
import { selectOrderedParagraphs } from '../../../slices/noteSelectors';

const paragraphIdOf = (section: Element): string => section.id.replace(/^paragraph_/, '');

/** The paragraph above or below `section`, or null at the ends. */
function neighbour(s: RootState, section: Element, direction: 'up' | 'down'): string | null {
  const ids = selectOrderedParagraphs(s).map((p) => p.id);
  const at = ids.indexOf(paragraphIdOf(section));
  return at >= 0 ? ids[at + (direction === 'up' ? -1 : 1)] ?? null : null;
}

const plainArrow = (e: KeyboardEvent): 'up' | 'down' | null =>
  e.ctrlKey || e.altKey || e.metaKey || e.shiftKey ? null : e.code === 'ArrowUp' ? 'up' : e.code === 'ArrowDown' ? 'down' : null;

/** Esc in an editor whose own popups (completion, find, hints) are closed: Monaco would do nothing with it. */
function leavesEditor(e: KeyboardEvent, target: HTMLElement | null): boolean {
  if (e.code !== 'Escape' || e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return false;
  const editor = target?.closest('.monaco-editor');
  return !!editor && !editor.querySelector('.suggest-widget.visible, .find-widget.visible, .parameter-hints-widget.visible');
}

/**
 * The note page's keys, caught in the capture phase so the editor never swallows them; form fields and dialogs
 * keep their keys. Ctrl+S outside the editor is swallowed so the browser's save dialog does not open. With the
 * Jupyter keymap, a paragraph that has the focus outside its editor is in command mode (slices/domain/keymaps.ts).
 */
export function useNoteShortcuts(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const keymap = useAppSelector(selectKeymap);
  useEffect(() => {
    if (!enabled) return;
    let pendingD = false;
    /** Jupyter's command mode: true when the key was one of its keys. */
    const jupyterKey = (e: KeyboardEvent, section: HTMLElement): boolean => {
      const action = jupyterCommandKey(e, pendingD);
      pendingD = action?.kind === 'pending';
      if (!action) return false;
      e.preventDefault();
      e.stopPropagation();
      const id = paragraphIdOf(section);
      if (action.kind === 'command') dispatch(notePage.commandInvoked({ command: action.command, id }));
      else if (action.kind === 'edit') dispatch(notePage.focusRequested({ id, at: 'end' }));
      else if (action.kind === 'select') {
        const next = neighbour(store.getState(), section, action.direction);
        if (next) {
          dispatch(notePage.focused({ id: next }));
          document.getElementById(`paragraph_${next}`)?.focus();
        }
      }
      return true;
    };
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (isFormField(target) || target?.closest('[role="dialog"]')) return;
      const inEditor = !!target?.closest('.paragraph-editor');
      if (e.ctrlKey && !e.altKey && !e.shiftKey && e.code === 'KeyS' && !inEditor) {
        e.preventDefault();
        return;
      }
      if (keymap === 'jupyter' && target?.matches('section.paragraph') && jupyterKey(e, target)) return;
      if (keymap === 'jupyter' && inEditor && leavesEditor(e, target)) {
        // Jupyter's Esc: from the editor to command mode on its paragraph.
        e.preventDefault();
        e.stopPropagation();
        target?.closest<HTMLElement>('section.paragraph')?.focus();
        return;
      }
      const command = commandForKey(e, inEditor);
      if (!command) {
        // With the editor hidden or not focused, ↑/↓ on a focused paragraph move between paragraphs.
        const section = target?.closest('section.paragraph');
        const direction = plainArrow(e);
        if (!inEditor && section && direction) {
          const next = neighbour(store.getState(), section, direction);
          if (next) {
            e.preventDefault();
            dispatch(notePage.focusRequested({ id: next, at: direction === 'up' ? 'end' : 'start' }));
            document.getElementById(`paragraph_${next}`)?.focus();
          }
        }
        return;
      }
      if (command.editorOnly) return;
      e.preventDefault();
      e.stopPropagation();
      dispatch(notePage.commandInvoked({ command: command.id }));
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled, keymap, dispatch, store]);
}
