/**
 * A paragraph's text as the page shows it until its editor is built: in the editor's font, sizes, colours and
 * gutter, so that nothing moves when Monaco takes its place. It is the editor as far as a keyboard or a screen
 * reader knows (a focusable text box with the editor's name); `LazyCodeEditor` builds the editor when it is entered.
 */
import type { CSSProperties, FocusEventHandler, PointerEventHandler } from 'react';
import { EDITOR_FONT_FAMILY, EDITOR_TEXT_LEFT, editorFontSize, editorLineHeight, editorTextHeight, LINE_NUMBER_CHARS } from './editorMetrics';
import { DARK_THEME, EDITOR_COLORS, LIGHT_THEME } from './editorThemes';
import { useColorizedText } from './useColorizedText';

export interface PlainCodeTextProps {
  value: string;
  language: string;
  fontSize: number;
  lineNumbers?: boolean;
  readOnly?: boolean;
  ariaLabel: string;
  dark: boolean;
  onPointerEnter?: PointerEventHandler<HTMLElement>;
  onPointerLeave?: PointerEventHandler<HTMLElement>;
  onPointerDown?: PointerEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
}

export function PlainCodeText(props: PlainCodeTextProps) {
  const { value, language, fontSize, lineNumbers, readOnly, ariaLabel, dark } = props;
  const lines = useColorizedText(value, language, dark);
  const colors = EDITOR_COLORS[dark ? DARK_THEME : LIGHT_THEME];
  const numbers = `${LINE_NUMBER_CHARS}ch`;
  const gutter = lineNumbers ? `calc(${numbers} + ${EDITOR_TEXT_LEFT}px)` : `${EDITOR_TEXT_LEFT}px`;
  const style = {
    fontFamily: EDITOR_FONT_FAMILY, fontSize: editorFontSize(fontSize), lineHeight: `${editorLineHeight(fontSize)}px`,
    minHeight: editorTextHeight(value, fontSize), paddingLeft: gutter, background: colors.background, color: colors.foreground,
    '--editor-gutter': gutter, '--editor-numbers': numbers, '--editor-line-number': colors.lineNumber, '--editor-active-line-number': colors.activeLineNumber,
  } as CSSProperties;
  return (
    <pre className="paragraph-text" role="textbox" aria-multiline="true" aria-readonly={readOnly || undefined} aria-label={ariaLabel}
      tabIndex={0} style={style} data-line-numbers={lineNumbers || undefined} onPointerEnter={props.onPointerEnter}
      onPointerLeave={props.onPointerLeave} onPointerDown={props.onPointerDown} onFocus={props.onFocus}>
      {lines.map((runs, i) => (
        <span key={i} className="paragraph-line" data-line={i + 1}>
          {runs.map((r, j) => (r.className ? <span key={j} className={r.className}>{r.text}</span> : r.text))}
          {runs.every((r) => !r.text) && <br />}
        </span>
      ))}
    </pre>
  );
}

/**
 * The offset into `text` of the character at a point over its plain text (where a click there puts the caret), or
 * null when the point is not over it.
 */
export function textOffsetAt(pre: HTMLElement, text: string, x: number, y: number): number | null {
  const doc = pre.ownerDocument as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
  let node: Node | null = null;
  let offset = 0;
  if (typeof doc.caretPositionFromPoint === 'function') {
    const p = doc.caretPositionFromPoint(x, y);
    node = p?.offsetNode ?? null;
    offset = p?.offset ?? 0;
  } else if (typeof doc.caretRangeFromPoint === 'function') {
    const r = doc.caretRangeFromPoint(x, y);
    node = r?.startContainer ?? null;
    offset = r?.startOffset ?? 0;
  }
  const lineEl = (node instanceof Element ? node : node?.parentElement)?.closest('.paragraph-line');
  if (!node || !lineEl || !pre.contains(lineEl)) return null;
  const lines = text.split('\n');
  const index = Number(lineEl.getAttribute('data-line')) - 1;
  const before = doc.createRange();
  before.setStart(lineEl, 0);
  before.setEnd(node, offset);
  const column = Math.min(before.toString().length, lines[index]?.length ?? 0);
  return lines.slice(0, index).reduce((n, l) => n + l.length + 1, 0) + column;
}
