/**
 * Monaco's two themes with every token colour that fell below WCAG AA's 4.5:1 against the editor background
 * replaced (Monaco's own `vs` writes SQL strings in #FF0000, 4.0:1 on white; `vs-dark` writes comments in #608B4E,
 * 4.2:1 on #1E1E1E): the rest of each theme is inherited unchanged.
 */
import type { editor } from 'monaco-editor/editor';

export const LIGHT_THEME = 'zeppelin-light';
export const DARK_THEME = 'zeppelin-dark';

const rule = (token: string, foreground: string): editor.ITokenThemeRule => ({ token, foreground });

export const THEMES: Record<string, editor.IStandaloneThemeData> = {
  [LIGHT_THEME]: {
    base: 'vs',
    inherit: true,
    colors: {},
    rules: [
      rule('annotation', '6B6B6B'), rule('metatag.html', '6B6B6B'), rule('metatag.xml', '6B6B6B'),
      rule('metatag.content.html', 'C50000'), rule('attribute.name', 'C50000'), rule('string.sql', 'C50000'),
      rule('operator.sql', '5C6773'),
    ],
  },
  [DARK_THEME]: {
    base: 'vs-dark',
    inherit: true,
    colors: {},
    rules: [
      rule('variable.predefined', '6F8FD0'), rule('tag.id.pug', '6F8FD0'), rule('tag.class.pug', '6F8FD0'),
      rule('comment', '6A9955'), rule('regexp', 'D16969'), rule('annotation', 'DD6A6F'),
      rule('delimiter.html', '9A9A9A'), rule('delimiter.xml', '9A9A9A'), rule('string.sql', 'F48771'),
    ],
  },
};
