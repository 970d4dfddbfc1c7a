/**
 * The Monaco editor, in its own lazily loaded chunk: import it through `LazyCodeEditor` only, so that pages without
 * an editor never download Monaco.
 *
 * Notes:
 * - Page shortcuts are caught in the capture phase before Monaco sees them (see useNoteShortcuts); this component
 *   only handles the editor-scoped keys: ↑/↓ and Ctrl+P/N at the first/last line leave the editor, Ctrl+. and the
 *   setting's completion key ask the server for completions, Ctrl+S searches the code, Ctrl+K/Ctrl+Y cut and paste
 *   the line (Monaco would otherwise start a Ctrl+K chord and swallow the key).
 * - One completion provider per language serves every editor: it finds the paragraph by the model's URI.
 * - A new `value` from outside (a collaborator's patch) is applied as the smallest edit that turns the model's text
 *   into it, before the wrapper's own whole-text replacement would run: Monaco then keeps the local cursor and
 *   selection where they were relative to the text around them. Such an edit is not reported back as a change.
 * - Undo and redo (Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z) go through `LocalHistory`, not Monaco's stack: outside edits are
 *   kept out of Monaco's stack, which cannot move its steps past them, and Ctrl+Z only takes back the user's own text.
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { monaco } from './monacoSetup';
import { LocalHistory, stepBetween, type Step } from './localHistory';

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

export interface CodeEditorProps {
  value: string;
  language: string;
  readOnly?: boolean;
  fontSize?: number;
  lineNumbers?: boolean;
  ariaLabel: string;
  onChange?: (value: string) => void;
  onBlur?: (value: string) => void;
  onFocus?: () => void;
  /** The caret tried to leave the first (up) or last (down) line. */
  onEdge?: (direction: 'up' | 'down') => void;
  completion?: CompletionSource | null;
  /** Bumped to put the caret in this editor. */
  focusSeq?: number;
  focusAt?: 'start' | 'end';
  /** A find-and-replace match to select, as offsets into the text. */
  selection?: { start: number; end: number } | null;
  /** Completion captions are cut to this many characters (spec: 42). */
  captionLimit?: number;
}

/** Zeppelin's editor modes and settings name languages differently from Monaco's ids. */
export function monacoLanguage(language: string): string {
  const l = language.replace(/^ace\/mode\//, '');
  if (l === 'sh' || l === 'bash') return 'shell';
  if (l === 'js') return 'javascript';
  if (l === 'text') return 'plaintext';
  return l || 'plaintext';
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

const MAX_AUTO_HEIGHT = 2000;

export default function CodeEditor(props: CodeEditorProps) {
  const { value, language, readOnly, fontSize = 9, lineNumbers, ariaLabel, completion, focusSeq, focusAt, selection, captionLimit = 42 } = props;
  const editorRef = useRef<MonacoEditor | null>(null);
  // Handlers change every render; the editor's listeners read them through this ref instead of re-binding.
  const latest = useRef(props);
  latest.current = props;
  const [height, setHeight] = useState(() => Math.max(value.split('\n').length, 1) * Math.round((fontSize + 4) * 1.5) + 8);
  const lang = monacoLanguage(language);
  const applyingRemote = useRef(false);
  const history = useRef(new LocalHistory());
  const replaying = useRef(false);
  // The text before the latest change, to tell what a local change replaced.
  const shadow = useRef(value);

  // Layout effects run before the wrapper's passive one, so it finds the model already equal to `value`.
  useLayoutEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model) return;
    const current = model.getValue();
    if (current === value) return;
    const max = Math.min(current.length, value.length);
    let start = 0;
    while (start < max && current.charCodeAt(start) === value.charCodeAt(start)) start++;
    let tail = 0;
    while (tail < max - start && current.charCodeAt(current.length - 1 - tail) === value.charCodeAt(value.length - 1 - tail)) tail++;
    const range = monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(current.length - tail));
    const text = value.slice(start, value.length - tail);
    applyingRemote.current = true;
    try {
      model.applyEdits([{ range, text }]);
    } finally {
      applyingRemote.current = false;
    }
    history.current.outside({ offset: start, removed: current.slice(start, current.length - tail), inserted: text });
  }, [value]);

  useEffect(() => {
    const ed = editorRef.current;
    const uri = ed?.getModel()?.uri.toString();
    if (!uri) return;
    if (completion) {
      sources.set(uri, completion);
      ensureProvider(lang, captionLimit);
    } else sources.delete(uri);
    return () => {
      sources.delete(uri);
    };
  }, [completion, lang, captionLimit]);

  useEffect(() => {
    const ed = editorRef.current;
    if (!ed || focusSeq === undefined) return;
    ed.focus();
    const model = ed.getModel();
    if (model) ed.setPosition(focusAt === 'end' ? model.getPositionAt(model.getValueLength()) : { lineNumber: 1, column: 1 });
  }, [focusSeq, focusAt]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    if (!ed || !model || !selection) return;
    const a = model.getPositionAt(selection.start);
    const b = model.getPositionAt(selection.end);
    const range = new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
    ed.setSelection(range);
    ed.revealRangeInCenterIfOutsideViewport(range);
  }, [selection]);

  /** Applies an undo or redo step; it reaches `onChange` like typing, so collaborators get it as a patch. */
  const replay = (ed: MonacoEditor, step: Step | null): void => {
    const model = ed.getModel();
    if (!step || !model) return;
    const from = model.getPositionAt(step.offset);
    const range = monaco.Range.fromPositions(from, model.getPositionAt(step.offset + step.removed.length));
    model.applyEdits([{ range, text: step.inserted }]);
    ed.setPosition(model.getPositionAt(step.offset + step.inserted.length));
    ed.revealPosition(ed.getPosition() ?? from);
  };

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    // The text may have changed while Monaco was loading.
    if (ed.getValue() !== latest.current.value) ed.setValue(latest.current.value);
    shadow.current = ed.getValue();
    ed.onDidChangeModelContent(() => {
      const now = ed.getValue();
      const before = shadow.current;
      shadow.current = now;
      if (applyingRemote.current || replaying.current) return;
      const step = stepBetween(before, now);
      if (step) history.current.local(step, Date.now());
    });
    const model = ed.getModel();
    if (model && latest.current.completion) {
      sources.set(model.uri.toString(), latest.current.completion);
      ensureProvider(lang, captionLimit);
    }
    ed.onDidBlurEditorText(() => latest.current.onBlur?.(ed.getValue()));
    ed.onDidFocusEditorText(() => latest.current.onFocus?.());
    ed.onDidContentSizeChange((e) => setHeight(Math.min(e.contentHeight, MAX_AUTO_HEIGHT)));
    ed.onKeyDown((e) => {
      const ev = e.browserEvent;
      const m = ed.getModel();
      const pos = ed.getPosition();
      if (!m || !pos) return;
      const plain = !ev.altKey && !ev.metaKey && !ev.shiftKey;
      const stop = () => {
        e.preventDefault();
        e.stopPropagation();
      };
      const mod = (ev.ctrlKey || ev.metaKey) && !ev.altKey;
      if (mod && ev.code === 'KeyZ' && !ed.getOption(monaco.editor.EditorOption.readOnly)) {
        stop();
        replaying.current = true;
        try {
          replay(ed, ev.shiftKey ? history.current.redo() : history.current.undo());
        } finally {
          replaying.current = false;
        }
        return;
      }
      const up = (ev.code === 'ArrowUp' && plain && !ev.ctrlKey) || (ev.code === 'KeyP' && plain && ev.ctrlKey);
      const down = (ev.code === 'ArrowDown' && plain && !ev.ctrlKey) || (ev.code === 'KeyN' && plain && ev.ctrlKey);
      if (up && pos.lineNumber === 1) {
        stop();
        latest.current.onEdge?.('up');
      } else if (down && pos.lineNumber === m.getLineCount()) {
        stop();
        latest.current.onEdge?.('down');
      } else if (ev.ctrlKey && plain && ev.code === 'KeyP') {
        stop();
        ed.trigger('keyboard', 'cursorUp', null);
      } else if (ev.ctrlKey && plain && ev.code === 'KeyN') {
        stop();
        ed.trigger('keyboard', 'cursorDown', null);
      } else if (ev.ctrlKey && plain && ev.code === 'Period') {
        stop();
        if (latest.current.completion) ed.trigger('keyboard', 'editor.action.triggerSuggest', {});
      } else if (ev.ctrlKey && plain && ev.code === 'KeyS') {
        stop();
        ed.trigger('keyboard', 'actions.find', null);
      } else if (ev.ctrlKey && plain && ev.code === 'KeyK') {
        stop();
        ed.trigger('keyboard', 'editor.action.clipboardCutAction', null);
      } else if (ev.ctrlKey && plain && ev.code === 'KeyY') {
        stop();
        ed.trigger('keyboard', 'editor.action.clipboardPasteAction', null);
      } else if (ev.code === 'Tab' && !ev.ctrlKey && plain && latest.current.completion?.key?.toUpperCase() === 'TAB') {
        const before = m.getLineContent(pos.lineNumber).slice(0, pos.column - 1);
        if (/\S$/.test(before)) {
          stop();
          ed.trigger('keyboard', 'editor.action.triggerSuggest', {});
        }
      }
    });
  };

  return (
    <Editor
      value={value}
      language={lang}
      height={height}
      options={{
        readOnly, fontSize: Math.max(fontSize, 9) + 4, lineNumbers: lineNumbers ? 'on' : 'off', minimap: { enabled: false },
        scrollBeyondLastLine: false, automaticLayout: true, ariaLabel, wordWrap: 'on', renderLineHighlight: 'none',
        quickSuggestions: false, scrollbar: { alwaysConsumeMouseWheel: false }, fixedOverflowWidgets: true,
      }}
      onChange={(v) => { if (!applyingRemote.current) latest.current.onChange?.(v ?? ''); }}
      onMount={onMount}
    />
  );
}
