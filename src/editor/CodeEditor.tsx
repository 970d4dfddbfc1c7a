/**
 * The Monaco editor, in its own lazily loaded chunk: import it through `LazyCodeEditor` only, so that pages without
 * an editor never download Monaco.
 */
import Editor from '@monaco-editor/react';
import './monacoSetup';

export interface CodeEditorProps {
  value: string;
  language: string;
  readOnly?: boolean;
  fontSize?: number;
  lineNumbers?: boolean;
  ariaLabel: string;
  onChange?: (value: string) => void;
  onBlur?: (value: string) => void;
}

/** Zeppelin's editor modes and settings name languages differently from Monaco's ids. */
export function monacoLanguage(language: string): string {
  const l = language.replace(/^ace\/mode\//, '');
  if (l === 'sh' || l === 'bash') return 'shell';
  if (l === 'js') return 'javascript';
  return l || 'plaintext';
}

export default function CodeEditor({ value, language, readOnly, fontSize = 9, lineNumbers, ariaLabel, onChange, onBlur }: CodeEditorProps) {
  const lines = Math.min(Math.max(value.split('\n').length, 1), 30);
  return (
    <Editor
      value={value}
      language={monacoLanguage(language)}
      height={lines * Math.round(fontSize * 1.6 + 6) + 12}
      options={{
        readOnly, fontSize: Math.max(fontSize, 9) + 4, lineNumbers: lineNumbers ? 'on' : 'off', minimap: { enabled: false },
        scrollBeyondLastLine: false, automaticLayout: true, ariaLabel, wordWrap: 'on', renderLineHighlight: 'none',
      }}
      onChange={(v) => onChange?.(v ?? '')}
      onMount={(editor) => {
        editor.onDidBlurEditorText(() => onBlur?.(editor.getValue()));
      }}
    />
  );
}
