/**
 * Server completions in Monaco. One completion provider per language serves every editor: it finds the paragraph's
 * source by the model's URI, so an editor only registers and clears its source.
 */
import type { OnMount } from '@monaco-editor/react';
import { useEffect, type RefObject } from 'react';
import { monaco } from './monacoSetup';

type MonacoEditor = Parameters<OnMount>[0];

export interface CompletionEntry {
  name: string;
  value: string;
  meta?: string;
}

export interface CompletionSource {
  /** Zeppelin's editor setting: 'TAB' makes Tab ask for completions. */
  key?: string;
  fetch(buf: string, cursor: number): Promise<CompletionEntry[]>;
}

const sources = new Map<string, CompletionSource>();
const languagesWithProvider = new Set<string>();

function ensureProvider(language: string, captionLimit: number): void {
  if (languagesWithProvider.has(language)) return;
  languagesWithProvider.add(language);
  monaco.languages.registerCompletionItemProvider(language, {
    async provideCompletionItems(model, position) {
      const source = sources.get(model.uri.toString());
      if (!source) return { suggestions: [] };
      const items = await source.fetch(model.getValue(), model.getOffsetAt(position));
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      return {
        suggestions: items.map((c) => ({
          label: c.name.length > captionLimit ? `${c.name.slice(0, captionLimit)}…` : c.name,
          insertText: c.value, detail: c.meta, kind: monaco.languages.CompletionItemKind.Text, range,
        })),
      };
    },
  });
}

/** Completions for the model at `uri` come from `source`. */
export function setCompletionSource(uri: string, source: CompletionSource, language: string, captionLimit: number): void {
  sources.set(uri, source);
  ensureProvider(language, captionLimit);
}

/** Keeps the mounted editor's completion source current, and clears it when the editor goes. */
export function useCompletionSource(
  editorRef: RefObject<MonacoEditor | null>,
  completion: CompletionSource | null | undefined,
  language: string,
  captionLimit: number,
): void {
  useEffect(() => {
    const ed = editorRef.current;
    const uri = ed?.getModel()?.uri.toString();
    if (!uri) return;
    if (completion) setCompletionSource(uri, completion, language, captionLimit);
    else sources.delete(uri);
    return () => {
      sources.delete(uri);
    };
  }, [editorRef, completion, language, captionLimit]);
}
