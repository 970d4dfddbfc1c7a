/**
 * Monaco from node_modules, never from a CDN: the bare editor API, the editor features a paragraph's editor and the
 * Vim and Emacs keymaps use, and only the tokenizers of the languages Zeppelin paragraphs use. Workers are bundled by
 * webpack; every label gets one (Monaco has no fallback when getWorker returns nothing).
 *
 * Why not every feature (`features/register.all`): each feature's contribution is built with every editor, in the
 * one task that creates it. Features that need a language service this app does not register (code lens, inlay
 * hints, rename, references, code actions, semantic tokens, outline), inline completions, sticky scroll and the
 * diff editor drew nothing here, yet inline completions alone took a fifth of an editor's creation.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/caretOperations/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/colorPicker/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/dnd/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/gotoLine/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/lineSelection/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/links/register';
import 'monaco-editor/features/longLinesHelper/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/parameterHints/register';
import 'monaco-editor/features/quickCommand/register';
import 'monaco-editor/features/readOnlyMessage/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
// The completion list itself: register.all only brought it in through inline completions.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/features/toggleTabFocusMode/register';
import 'monaco-editor/features/tokenization/register';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/wordPartOperations/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/scala/register';
import 'monaco-editor/languages/definitions/r/register';
import { loader } from '@monaco-editor/react';
import { THEMES } from './editorThemes';

(self as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(): Worker {
    return new Worker(new URL('monaco-editor/editor/editor.worker.js', import.meta.url), { type: 'module' });
  },
};

loader.config({ monaco });
for (const [name, data] of Object.entries(THEMES)) monaco.editor.defineTheme(name, data);

export { monaco };
