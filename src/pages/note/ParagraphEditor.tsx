import { useCallback, useEffect, useMemo, type FocusEvent } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../../slices/rootReducer';
import { notePage } from '../../../slices/notePage';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import type { CompletionEntry, CompletionSource } from '../../editor/CodeEditor';
import type { ParagraphId } from '../../../protocol';
import { COMPLETION_CAPTION_LIMIT, languageFromMagic, magicOf } from '../../../slices/domain/noteModel';
import { selectCurrentHit, selectEditorReadOnly, selectText } from '../../../slices/noteSelectors';
import { selectKeymap } from '../../../slices/ui';

/**
 * The editor's completion source: it asks through the store and takes the answer from it. The note page saga
 * sends COMPLETION and settles the request (the server's list, or an empty one after COMPLETION_WAIT_MS).
 */
function useCompletion(id: ParagraphId, enabled: boolean, key: string | undefined): CompletionSource | null {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  return useMemo(() => {
    if (!enabled) return null;
    return {
      key,
      fetch: (buf: string, cursor: number) => new Promise<CompletionEntry[]>((resolve) => {
        dispatch(notePage.completionRequested({ id, buf, cursor }));
        const seq = store.getState().notePage.completionSeq;
        const answered = () => {
          const c = store.getState().notePage.completion;
          return c && c.id === id && c.seq === seq ? c.items : null;
        };
        const now = answered();
        if (now) {
          resolve(now);
          return;
        }
        const unsubscribe = store.subscribe(() => {
          // A newer request supersedes this one: it ends empty.
          const items = answered() ?? (store.getState().notePage.completionSeq !== seq ? [] : null);
          if (!items) return;
          unsubscribe();
          resolve(items);
        });
      }),
    };
  }, [enabled, key, id, dispatch, store]);
}

/** The paragraph's editor: draft text, language from the editor setting or the magic, and focus/find requests. */
export function ParagraphEditor({ id, fontSize, lineNumbers, onEdge }: {
  id: ParagraphId; fontSize: number; lineNumbers: boolean; onEdge: (dir: 'up' | 'down') => void;
}) {
  const dispatch = useAppDispatch();
  const text = useAppSelector((s) => selectText(s, id));
  const readOnly = useAppSelector((s) => selectEditorReadOnly(s, id));
  const setting = useAppSelector((s) => s.interpreters.editorSettings[id] ?? s.paragraphs.entities[id]?.config?.editorSetting);
  const editorMode = useAppSelector((s) => s.paragraphs.entities[id]?.config?.editorMode);
  const focus = useAppSelector((s) => (s.notePage.focusRequest?.id === id ? s.notePage.focusRequest : null));
  const hit = useAppSelector((s) => {
    const h = selectCurrentHit(s);
    return h && h.id === id ? h : null;
  });
  const selection = useMemo(() => (hit ? { start: hit.start, end: hit.end } : null), [hit]);
  const language = setting?.language ?? editorMode ?? languageFromMagic(magicOf(text)) ?? 'plaintext';
  const completion = useCompletion(id, setting?.completionSupport !== false && !readOnly, setting?.completionKey);

  useEffect(() => {
    dispatch(notePage.editorMounted({ id }));
  }, [id, dispatch]);

  const onChange = useCallback((v: string) => dispatch(notePage.draftChanged({ id, text: v })), [dispatch, id]);
  const onFocus = useCallback(() => dispatch(notePage.focused({ id })), [dispatch, id]);
  const onFocusDone = useCallback((seq: number) => dispatch(notePage.focusRequestDone(seq)), [dispatch]);
  const keymap = useAppSelector(selectKeymap);
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    dispatch(notePage.editorBlurred({ id }));
  };

  return (
    <div className="paragraph-editor" onFocus={onFocus} onBlur={onBlur} data-readonly={readOnly || undefined}>
      <LazyCodeEditor value={text} language={language} readOnly={readOnly} fontSize={fontSize} lineNumbers={lineNumbers}
        ariaLabel="Paragraph code" onChange={onChange} onEdge={onEdge} completion={completion}
        focusSeq={focus?.seq} focusAt={focus?.at} onFocusDone={onFocusDone} selection={selection} captionLimit={COMPLETION_CAPTION_LIMIT}
        keymap={keymap} />
    </div>
  );
}
