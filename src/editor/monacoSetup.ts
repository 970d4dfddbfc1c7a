/**
 * Monaco from node_modules, never from a CDN: the bare editor API, the editor features, and only the tokenizers of
 * the languages Zeppelin paragraphs use. Workers are bundled by webpack; every label gets one (Monaco has no
 * fallback when getWorker returns nothing).
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
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
