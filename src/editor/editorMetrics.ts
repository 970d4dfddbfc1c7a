/**
 * The editor's type sizes, shared by the Monaco editor and the plain text shown while it loads: with the same line
 * height both are the same height, so the page does not move (and a click aimed below does not land elsewhere) when
 * one replaces the other.
 */

/** The editor's font size in px for a paragraph's `fontSize` setting. */
export const editorFontSize = (fontSize: number): number => Math.max(fontSize, 9) + 4;

/** Set on the editor rather than left to Monaco, whose default differs by platform (1.5x on macOS, 1.35x elsewhere). */
export const editorLineHeight = (fontSize: number): number => Math.round(editorFontSize(fontSize) * 1.35);

/** The height of `text` before any wrapping: what Monaco reports as its content height for it. */
export const editorTextHeight = (text: string, fontSize: number): number =>
  Math.max(text.split('\n').length, 1) * editorLineHeight(fontSize);

/**
 * Monaco's own monospace choice on each platform (Menlo on macOS, Consolas on Windows, Droid Sans Mono on Linux),
 * set on the editor and on its plain text alike, so that the two draw the same glyphs.
 */
export const EDITOR_FONT_FAMILY = 'Menlo, Monaco, Consolas, "Droid Sans Mono", "Courier New", monospace';

/** Where Monaco starts a line's text, in px from its left edge, with its gutter set as the paragraph editor sets it. */
export const EDITOR_TEXT_LEFT = 26;

/** Characters Monaco keeps for line numbers (its `lineNumbersMinChars` default). */
export const LINE_NUMBER_CHARS = 5;
