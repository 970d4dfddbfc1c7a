/**
 * Monaco's two themes with every token colour that fell below WCAG AA's 4.5:1 against the editor background
 * replaced (Monaco's own `vs` writes SQL strings in #FF0000, 4.0:1 on white; `vs-dark` writes comments in #608B4E,
 * 4.2:1 on #1E1E1E): the rest of each theme is inherited unchanged.
 */
import type { editor } from 'monaco-editor/editor';

export const LIGHT_THEME = 'zeppelin-light';
export const DARK_THEME = 'zeppelin-dark';

/**
 * The editor's background, text and line-number colours (the caret's line has its own: the first line, until the
 * editor is entered), stated here rather than inherited from Monaco's base themes, because the paragraph's plain
 * text (shown until its editor is built) draws itself in the same colours.
 */
export const EDITOR_COLORS = {
  [LIGHT_THEME]: { background: '#fffffe', foreground: '#000000', lineNumber: '#237893', activeLineNumber: '#0b216f' },
  [DARK_THEME]: { background: '#1e1e1e', foreground: '#d4d4d4', lineNumber: '#858585', activeLineNumber: '#c6c6c6' },
};

const colors = (name: keyof typeof EDITOR_COLORS): Record<string, string> => ({
  'editor.background': EDITOR_COLORS[name].background,
  'editor.foreground': EDITOR_COLORS[name].foreground,
  'editorLineNumber.foreground': EDITOR_COLORS[name].lineNumber,
  'editorLineNumber.activeForeground': EDITOR_COLORS[name].activeLineNumber,
});

const rule = (token: string, foreground: string): editor.ITokenThemeRule => ({ token, foreground });

export const THEMES: Record<string, editor.IStandaloneThemeData> = {
  [LIGHT_THEME]: {
    base: 'vs',
    inherit: true,
    colors: colors(LIGHT_THEME),
    rules: [
      rule('annotation', '6B6B6B'), rule('metatag.html', '6B6B6B'), rule('metatag.xml', '6B6B6B'),
      rule('metatag.content.html', 'C50000'), rule('attribute.name', 'C50000'), rule('string.sql', 'C50000'),
      rule('operator.sql', '5C6773'),
    ],
  },
  [DARK_THEME]: {
    base: 'vs-dark',
    inherit: true,
    colors: colors(DARK_THEME),
    rules: [
      rule('variable.predefined', '6F8FD0'), rule('tag.id.pug', '6F8FD0'), rule('tag.class.pug', '6F8FD0'),
      rule('comment', '6A9955'), rule('regexp', 'D16969'), rule('annotation', 'DD6A6F'),
      rule('delimiter.html', '9A9A9A'), rule('delimiter.xml', '9A9A9A'), rule('string.sql', 'F48771'),
    ],
  },
};
