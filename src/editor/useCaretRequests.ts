/** The page moving the caret: into the editor when `focusSeq` is bumped, and onto a find-and-replace match. */
import type { OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { monaco } from './monacoSetup';

type MonacoEditor = Parameters<OnMount>[0];

/**
 * Returns a function for the editor's mount: a request made before Monaco was ready (a new paragraph's editor, a
 * deep link, a find match) is applied then. Each focus request is applied once and reported through `onFocusDone`, so
 * an editor that mounts again later (scrolled away and back) does not take the focus a second time.
 */
export function useCaretRequests(
  editorRef: RefObject<MonacoEditor | null>,
  { focusSeq, focusAt, selection, onFocusDone }: {
    focusSeq: number | undefined;
    focusAt: 'start' | 'end' | undefined;
    selection: { start: number; end: number } | null | undefined;
    onFocusDone?: (seq: number) => void;
  },
): () => void {
  const latest = useRef({ focusSeq, focusAt, selection, onFocusDone, applied: undefined as number | undefined });
  latest.current = { ...latest.current, focusSeq, focusAt, selection, onFocusDone };
  const apply = useCallback(() => {
    const ed = editorRef.current;
    const r = latest.current;
    if (!ed || r.focusSeq === undefined || r.applied === r.focusSeq) return;
    r.applied = r.focusSeq;
    ed.focus();
    const model = ed.getModel();
    if (model) ed.setPosition(r.focusAt === 'end' ? model.getPositionAt(model.getValueLength()) : { lineNumber: 1, column: 1 });
    r.onFocusDone?.(r.focusSeq);
  }, [editorRef]);
  useEffect(apply, [apply, focusSeq, focusAt]);

  const select = useCallback(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    const sel = latest.current.selection;
    if (!ed || !model || !sel) return;
    const a = model.getPositionAt(sel.start);
    const b = model.getPositionAt(sel.end);
    const range = new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
    ed.setSelection(range);
    ed.revealRangeInCenterIfOutsideViewport(range);
  }, [editorRef]);
  useEffect(select, [select, selection]);
  // A match found before the editor was built (find builds it) is selected as it mounts.
  return useCallback(() => {
    select();
    apply();
  }, [select, apply]);
}
