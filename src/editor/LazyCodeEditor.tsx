import { lazy, startTransition, Suspense, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { CodeEditorProps, EditorEntry } from './CodeEditor';
import { PlainCodeText, textOffsetAt } from './PlainCodeText';
import { useDarkTheme } from './useDarkTheme';
import { FONT_SIZE_DEFAULT } from '../../slices/domain/noteModel';

const CodeEditor = lazy(() => import(/* webpackChunkName: "monaco" */ './CodeEditor'));

/** How long the pointer rests on a paragraph's text before its editor is built (a pointer passing over, or text
 *  scrolling under it, builds nothing). */
export const HOVER_BUILD_MS = 150;

/**
 * A paragraph's editor, built only when it is wanted: when the pointer rests on the text, when the text is pressed or
 * focused, or when the page asks for a caret or a selection in it. Until then the paragraph shows its text, coloured
 * (PlainCodeText). Building a Monaco editor is one long main-thread task (tens of milliseconds each, more on a busy
 * machine), so a note whose paragraphs each built one at opening held the page up while it drew its results.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const { focusSeq, selection } = props;
  const dark = useDarkTheme();
  const [wanted, setWanted] = useState(false);
  const [entry, setEntry] = useState<EditorEntry | null>(null);
  const hover = useRef<ReturnType<typeof setTimeout> | null>(null);
  const requested = focusSeq !== undefined || !!selection;

  const stopHover = () => {
    if (hover.current) clearTimeout(hover.current);
    hover.current = null;
  };
  useEffect(() => stopHover, []);
  useEffect(() => {
    // In a transition: a request made as the paragraph is placed (a new paragraph, a deep link) builds the editor
    // after the task that draws the page.
    if (requested) startTransition(() => setWanted(true));
  }, [requested]);

  const onPointerEnter = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'touch' || hover.current) return;
    hover.current = setTimeout(() => setWanted(true), HOVER_BUILD_MS);
  };
  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    // A touch may start a scroll: a tap builds the editor through the focus it gives the text.
    if (e.pointerType === 'touch') return;
    // The text is replaced by the editor before the press's mouse events: their default (focusing what was pressed,
    // now gone) would take the focus from the editor as it enters.
    e.preventDefault();
    stopHover();
    setEntry({ offset: textOffsetAt(e.currentTarget, props.value, e.clientX, e.clientY) });
    setWanted(true);
  };
  const onFocus = () => {
    setEntry((was) => was ?? { offset: null });
    setWanted(true);
  };

  const text = (
    <PlainCodeText value={props.value} language={props.language} fontSize={props.fontSize ?? FONT_SIZE_DEFAULT}
      lineNumbers={props.lineNumbers} readOnly={props.readOnly} ariaLabel={props.ariaLabel} dark={dark}
      onPointerEnter={onPointerEnter} onPointerLeave={stopHover} onPointerDown={onPointerDown} onFocus={onFocus} />
  );
  if (!wanted) return text;
  return (
    <Suspense fallback={text}>
      <CodeEditor {...props} entry={entry} />
    </Suspense>
  );
}
