/**
 * The Monaco editor, in its own lazily loaded chunk: import it through `LazyCodeEditor` only, so that pages without
 * an editor never download Monaco.
 *
 * Its parts: editor-scoped keys (editorKeys), server completions (completionSources), outside values and undo/redo
 * of the user's own text (useLocalHistory), and caret moves the page asks for (useCaretRequests).
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Keymap } from '../../slices/domain/keymaps';
import { bindEditorKeys } from './editorKeys';
import { setCompletionSource, useCompletionSource, type CompletionSource } from './completionSources';
import { useCaretRequests } from './useCaretRequests';
import { useLocalHistory } from './useLocalHistory';
import { useDarkTheme } from './useDarkTheme';
import { DARK_THEME, LIGHT_THEME } from './editorThemes';
import { useEditorKeymap } from './useEditorKeymap';
import { EDITOR_FONT_FAMILY, editorFontSize, editorLineHeight, editorTextHeight } from './editorMetrics';
import { FONT_SIZE_DEFAULT } from '../../slices/domain/noteModel';
import { monacoLanguage } from './monacoLanguage';

export type { CompletionEntry, CompletionSource } from './completionSources';

type MonacoEditor = Parameters<OnMount>[0];

export interface EditorEntry {
  offset: number | null;
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
  /** The focus request `seq` was applied (the caret is in this editor now). */
  onFocusDone?: (seq: number) => void;
  /** A find-and-replace match to select, as offsets into the text. */
  selection?: { start: number; end: number } | null;
  /** Completion captions are cut to this many characters (spec: 42). */
  captionLimit?: number;
  /** The user entered the plain text before the editor was built: the editor takes the focus as it mounts, with the
   *  caret where they clicked (an offset into the text), or where Monaco puts it when null. */
  entry?: EditorEntry | null;
  /** The user's keymap: Vim and Emacs change the editor's keys (Jupyter's Esc is the page's, useNoteShortcuts). */
  keymap?: Keymap;
}

const MAX_AUTO_HEIGHT = 2000;

/** Where the user entered the plain text: the editor takes the focus, with the caret at their click. */
function enter(ed: MonacoEditor, entry: EditorEntry | null | undefined): void {
  if (!entry) return;
  ed.focus();
  const model = ed.getModel();
  if (model && entry.offset !== null) ed.setPosition(model.getPositionAt(entry.offset));
}

export default function CodeEditor(props: CodeEditorProps) {
  const { value, language, readOnly, fontSize = FONT_SIZE_DEFAULT, lineNumbers, ariaLabel, completion, focusSeq, focusAt, selection, captionLimit = 42 } = props;
  const editorRef = useRef<MonacoEditor | null>(null);
  const [mounted, setMounted] = useState<MonacoEditor | null>(null);
  const [helpers, setHelpers] = useState(false);
  const status = useRef<HTMLDivElement | null>(null);
  // Handlers change every render; the editor's listeners read them through this ref instead of re-binding.
  const latest = useRef(props);
  latest.current = props;
  const [height, setHeight] = useState(() => editorTextHeight(value, fontSize));
  const lang = monacoLanguage(language);
  const local = useLocalHistory(editorRef, value);
  useCompletionSource(editorRef, completion, lang, captionLimit);
  // Monaco's theme follows the page's, so an editor is never a white box on the dark theme.
  const dark = useDarkTheme();
  const applyCaret = useCaretRequests(editorRef, { focusSeq, focusAt, selection, onFocusDone: props.onFocusDone });
  useEditorKeymap(mounted, props.keymap, status);

  // The same object while nothing in it changed: the editor applies every new options object it is given again.
  // Section headers are drawn in the minimap only, which is off: looking for them would start Monaco's worker.
  const options = useMemo(() => ({
    readOnly, fontFamily: EDITOR_FONT_FAMILY, fontSize: editorFontSize(fontSize), lineHeight: editorLineHeight(fontSize), lineNumbers: lineNumbers ? 'on' as const : 'off' as const,
    minimap: { enabled: false, showRegionSectionHeaders: false, showMarkSectionHeaders: false },
    scrollBeyondLastLine: false, automaticLayout: true, ariaLabel, wordWrap: 'on' as const, renderLineHighlight: 'none' as const,
    quickSuggestions: false, scrollbar: { alwaysConsumeMouseWheel: false }, fixedOverflowWidgets: true,
    // The overview ruler's border would be a line the paragraph's plain text (PlainCodeText) does not draw, and an
    // editor as tall as its text never scrolls by the ruler.
    overviewRulerLanes: 0, overviewRulerBorder: false,
    links: helpers, colorDecorators: helpers,
  }), [readOnly, fontSize, lineNumbers, ariaLabel, helpers]);
  const onChange = useCallback((v: string | undefined) => {
    if (!local.applyingRemote.current) latest.current.onChange?.(v ?? '');
  }, [local.applyingRemote]);

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    // The text may have changed while Monaco was loading.
    if (ed.getValue() !== latest.current.value) ed.setValue(latest.current.value);
    local.track(ed);
    const model = ed.getModel();
    // Brackets in their token's colour, as the plain text that this editor replaces draws them (a model option: the
    // editor's own `bracketPairColorization` does not reach a model made before it).
    model?.updateOptions({ bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } });
    if (model && latest.current.completion) setCompletionSource(model.uri.toString(), latest.current.completion, lang, captionLimit);
    ed.onDidBlurEditorText(() => latest.current.onBlur?.(ed.getValue()));
    ed.onDidFocusEditorText(() => latest.current.onFocus?.());
    // Links and colour swatches come from Monaco's worker, which costs the page a third of a second of CPU to start
    // (it loads the editor's code again): they are turned on once the user points at or enters the editor, not for
    // every editor the page shows.
    const wanted = ed.onMouseMove(() => wantHelpers());
    const entered = ed.onDidFocusEditorText(() => wantHelpers());
    const wantHelpers = (): void => {
      wanted.dispose();
      entered.dispose();
      setHelpers(true);
    };
    ed.onDidContentSizeChange((e) => setHeight(Math.min(e.contentHeight, MAX_AUTO_HEIGHT)));
    bindEditorKeys(ed, latest, local.undoRedo);
    enter(ed, latest.current.entry);
    applyCaret();
    setMounted(ed);
  };

  return (
    <>
    <Editor
      value={value}
      language={lang}
      theme={dark ? DARK_THEME : LIGHT_THEME}
      height={height}
      options={options}
      onChange={onChange}
      onMount={onMount}
    />
    {props.keymap === 'vim' && <div ref={status} className="editor-keymap-status" role="status" aria-label="Vim status" />}
    </>
  );
}
