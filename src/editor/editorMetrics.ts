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
