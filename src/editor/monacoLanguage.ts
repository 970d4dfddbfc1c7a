/** Zeppelin's editor modes and settings name languages differently from Monaco's ids. */
export function monacoLanguage(language: string): string {
  const l = language.replace(/^ace\/mode\//, '');
  if (l === 'sh' || l === 'bash') return 'shell';
  if (l === 'js') return 'javascript';
  if (l === 'text') return 'plaintext';
  return l || 'plaintext';
}
