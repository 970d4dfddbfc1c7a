import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../../slices/rootReducer';
import { notePage } from '../../../slices/notePage';
import { commandForKey, isFormField } from '../../../slices/domain/commands';
import { selectOrderedParagraphs } from '../../../slices/noteSelectors';

/**
 * The note page's keys, caught in the capture phase so the editor never swallows them; form fields and dialogs
 * keep their keys. Ctrl+S outside the editor is swallowed so the browser's save dialog does not open.
 */
export function useNoteShortcuts(enabled: boolean): void {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (isFormField(target) || target?.closest('[role="dialog"]')) return;
      const inEditor = !!target?.closest('.paragraph-editor');
      if (e.ctrlKey && !e.altKey && !e.shiftKey && e.code === 'KeyS' && !inEditor) {
        e.preventDefault();
        return;
      }
      const command = commandForKey(e, inEditor);
      if (!command) {
        // With the editor hidden or not focused, ↑/↓ on a focused paragraph move between paragraphs.
        const section = target?.closest('section.paragraph');
        if (!inEditor && section && (e.code === 'ArrowUp' || e.code === 'ArrowDown') && !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey) {
          const s = store.getState();
          const ids = selectOrderedParagraphs(s).map((p) => p.id);
          const at = ids.indexOf(section.id.replace(/^paragraph_/, ''));
          const next = ids[at + (e.code === 'ArrowUp' ? -1 : 1)];
          if (at >= 0 && next) {
            e.preventDefault();
            dispatch(notePage.focusRequested({ id: next, at: e.code === 'ArrowUp' ? 'end' : 'start' }));
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
  }, [enabled, dispatch, store]);
}
