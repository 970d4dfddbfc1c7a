/** The page moving the caret: into the editor when `focusSeq` is bumped, and onto a find-and-replace match. */
import type { OnMount } from '@monaco-editor/react';
import { useEffect, type RefObject } from 'react';
import { monaco } from './monacoSetup';

type MonacoEditor = Parameters<OnMount>[0];

export function useCaretRequests(
  editorRef: RefObject<MonacoEditor | null>,
  { focusSeq, focusAt, selection }: {
    focusSeq: number | undefined;
    focusAt: 'start' | 'end' | undefined;
    selection: { start: number; end: number } | null | undefined;
  },
): void {
  useEffect(() => {
    const ed = editorRef.current;
    if (!ed || focusSeq === undefined) return;
    ed.focus();
    const model = ed.getModel();
    if (model) ed.setPosition(focusAt === 'end' ? model.getPositionAt(model.getValueLength()) : { lineNumber: 1, column: 1 });
  }, [editorRef, focusSeq, focusAt]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model || !selection) return;
    const a = model.getPositionAt(selection.start);
    const b = model.getPositionAt(selection.end);
    const range = new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
    ed.setSelection(range);
    ed.revealRangeInCenterIfOutsideViewport(range);
  }, [editorRef, selection]);
}
