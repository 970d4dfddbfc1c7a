/** Syntax colours for a paragraph's plain text, from Monaco's colorizer, without building an editor. */
import { useEffect, useState } from 'react';
import { colorizedLines, plainLines, type TextRun } from './colorizedLines';
import { monacoLanguage } from './monacoLanguage';
import { DARK_THEME, LIGHT_THEME } from './editorThemes';
import { whenIdle } from '../app/whenIdle';

type MonacoModule = typeof import('./monacoSetup');

let loading: Promise<MonacoModule> | null = null;

/** Monaco's chunk, loaded once; the editor's lazy import names the same chunk, so it is fetched once for both. */
const loadMonaco = (): Promise<MonacoModule> => (loading ??= import(/* webpackChunkName: "monaco" */ './monacoSetup'));

/**
 * The text's lines as coloured runs once Monaco's chunk is there (plain runs until then). The colours follow the page's
 * theme: the colorizer's classes index the colour map of the theme set when it ran, so a theme change colours again.
 */
export function useColorizedText(text: string, language: string, dark: boolean): TextRun[][] {
  const [colored, setColored] = useState<{ key: string; lines: TextRun[][] } | null>(null);
  const key = `${dark ? 'd' : 'l'}\u0000${language}\u0000${text}`;
  useEffect(() => {
    let live = true;
    // After the browser has drawn what it was drawing: colouring is never part of the task that shows the page.
    const cancel = whenIdle(() => {
      void loadMonaco().then(async ({ monaco }) => {
        // jsdom's tests map Monaco to an empty module.
        if (!live || !monaco?.editor?.colorize) return;
        monaco.editor.setTheme(dark ? DARK_THEME : LIGHT_THEME);
        const html = await monaco.editor.colorize(text, monacoLanguage(language), { tabSize: 4 });
        if (live) setColored({ key, lines: colorizedLines(html, text) });
      }).catch(() => undefined);
    }, 1000);
    return () => {
      live = false;
      cancel();
    };
  }, [key, text, language, dark]);
  return colored?.key === key ? colored.lines : plainLines(text);
}
