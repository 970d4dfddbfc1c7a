/**
 * Undo and redo (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z) through `LocalHistory`, not Monaco's stack: outside edits are kept
 * out of Monaco's stack, which cannot move its steps past them, and Ctrl+Z only takes back the user's own text.
 *
 * A new `value` from outside (a collaborator's patch) is applied as the smallest edit that turns the model's text
 * into it, before the wrapper's own whole-text replacement would run: Monaco then keeps the local cursor and
 * selection where they were relative to the text around them. Such an edit is not reported back as a change.
 */
import type { OnMount } from '@monaco-editor/react';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { monaco } from './monacoSetup';
import { LocalHistory, stepBetween, type Step } from './localHistory';

type MonacoEditor = Parameters<OnMount>[0];

export interface EditorHistory {
  /** Set while an outside value is being applied; its changes are not the user's. */
  applyingRemote: RefObject<boolean>;
  /** Records the mounted editor's local edits. */
  track(ed: MonacoEditor): void;
  /** Takes back (or redoes) the user's last step. */
  undoRedo(ed: MonacoEditor, redo: boolean): void;
}

type TextModel = NonNullable<ReturnType<MonacoEditor['getModel']>>;

/** Puts the step into the model; returns where it starts, taken before the edit. */
function applyStep(model: TextModel, step: Step): ReturnType<TextModel['getPositionAt']> {
  const from = model.getPositionAt(step.offset);
  model.applyEdits([{ range: monaco.Range.fromPositions(from, model.getPositionAt(step.offset + step.removed.length)), text: step.inserted }]);
  return from;
}

export function useLocalHistory(editorRef: RefObject<MonacoEditor | null>, value: string): EditorHistory {
  const applyingRemote = useRef(false);
  const history = useRef(new LocalHistory());
  const replaying = useRef(false);
  // The text before the latest change, to tell what a local change replaced.
  const shadow = useRef(value);

  // Layout effects run before the wrapper's passive one, so it finds the model already equal to `value`.
  useLayoutEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const step = stepBetween(model.getValue(), value);
    if (!step) return;
    applyingRemote.current = true;
    try {
      applyStep(model, step);
    } finally {
      applyingRemote.current = false;
    }
    history.current.outside(step);
  }, [editorRef, value]);

  const track = (ed: MonacoEditor) => {
    shadow.current = ed.getValue();
    ed.onDidChangeModelContent(() => {
      const now = ed.getValue();
      const before = shadow.current;
      shadow.current = now;
      if (applyingRemote.current || replaying.current) return;
      const step = stepBetween(before, now);
      if (step) history.current.local(step, Date.now());
    });
  };

  // The step reaches `onChange` like typing, so collaborators get it as a patch.
  const undoRedo = (ed: MonacoEditor, redo: boolean) => {
    replaying.current = true;
    try {
      const step = redo ? history.current.redo() : history.current.undo();
      const model = ed.getModel();
      if (!step || !model) return;
      const from = applyStep(model, step);
      ed.setPosition(model.getPositionAt(step.offset + step.inserted.length));
      ed.revealPosition(ed.getPosition() ?? from);
    } finally {
      replaying.current = false;
    }
  };

  return { applyingRemote, track, undoRedo };
}
