/**
 * Full-text search over note names, paragraph titles, texts and text-like results (PROTOCOL 3.3 `search`).
 * The index follows the notebook lazily: a change only marks the note, and marked notes are re-indexed on the
 * next query, so a burst of edits costs one re-index.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Note } from '../../protocol';
import type { Notebook } from './notebook';
import { nameOf } from './paths';

interface Doc {
  id: string;
  noteId: string;
  name: string;
  title: string;
  text: string;
  output: string;
}

export interface SearchHit {
  id: string;
  name: string;
  header: string;
  snippet: string;
  text: string;
}

const SNIPPET_RADIUS = 80;

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function outputText(p: Note['paragraphs'][number]): string {
  return (p.results?.msg ?? [])
    .filter((m) => m.type === 'TEXT' || m.type === 'TABLE' || m.type === 'HTML')
    .map((m) => (m.type === 'HTML' ? m.data.replace(/<[^>]*>/g, ' ') : m.data))
    .join('\n');
}

/** Marks every occurrence of the matched terms with `<B>` (Lucene highlighter style), around the first match. */
export function highlight(text: string, terms: string[], whole = false): string {
  if (terms.length === 0) return whole ? escapeHtml(text) : escapeHtml(text.slice(0, 2 * SNIPPET_RADIUS));
  const re = new RegExp(terms.map(escapeRe).sort((a, b) => b.length - a.length).join('|'), 'gi');
  const first = text.search(re);
  let start = 0;
  let end = text.length;
  if (!whole) {
    start = Math.max(0, (first < 0 ? 0 : first) - SNIPPET_RADIUS);
    end = Math.min(text.length, (first < 0 ? 0 : first) + SNIPPET_RADIUS * 2);
  }
  const slice = text.slice(start, end);
  let out = '';
  let last = 0;
  for (const m of slice.matchAll(re)) {
    out += `${escapeHtml(slice.slice(last, m.index))}<B>${escapeHtml(m[0])}</B>`;
    last = (m.index ?? 0) + m[0].length;
  }
  out += escapeHtml(slice.slice(last));
  return `${start > 0 ? '...' : ''}${out}${end < text.length ? '...' : ''}`;
}

export class NoteSearch {
  private readonly index = new MiniSearch<Doc>({
    fields: ['name', 'title', 'text', 'output'],
    storeFields: ['noteId', 'name', 'title', 'text', 'output'],
    searchOptions: { boost: { name: 3, title: 2 }, prefix: true },
  });
  private readonly docsOf = new Map<string, string[]>();
  private readonly dirty = new Set<string>();
  private everything = true;

  constructor(private readonly notebook: Notebook) {
    notebook.onChange((e) => {
      if (e.kind === 'reloaded') this.everything = true;
      else this.dirty.add(e.id);
    });
  }

  private reindex(noteId: string): void {
    for (const id of this.docsOf.get(noteId) ?? []) this.index.discard(id);
    this.docsOf.delete(noteId);
    const entry = this.notebook.get(noteId);
    if (!entry) return;
    const name = nameOf(entry.path);
    const docs = new Map<string, Doc>([[noteId, { id: noteId, noteId, name, title: '', text: '', output: '' }]]);
    for (const p of entry.note.paragraphs) {
      const id = `${noteId}/paragraph/${p.id}`;
      // A paragraph id used twice (a file copied in by hand) is indexed once: one bad note must not break search.
      if (docs.has(id)) continue;
      docs.set(id, { id, noteId, name, title: String(p.title ?? ''), text: String(p.text ?? ''), output: outputText(p) });
    }
    this.index.addAll([...docs.values()]);
    this.docsOf.set(noteId, [...docs.keys()]);
  }

  private refresh(): void {
    if (this.everything) {
      this.index.removeAll();
      this.docsOf.clear();
      this.dirty.clear();
      this.everything = false;
      for (const e of this.notebook.all()) this.reindex(e.id);
      return;
    }
    for (const id of this.dirty) this.reindex(id);
    this.dirty.clear();
  }

  /** `visible` keeps hits of the notes the caller may read; it runs before the limit, so hidden notes cost no slots. */
  search(query: string, limit = 50, visible: (noteId: string) => boolean = () => true): SearchHit[] {
    if (query.trim() === '') return [];
    this.refresh();
    const results: SearchResult[] = this.index.search(query).filter((r) => visible(String(r.id).split('/')[0]));
    return results.slice(0, limit).map((r) => {
      const matchedIn = (field: string): string[] => r.terms.filter((t) => r.match[t]?.includes(field));
      const text = String(r.text ?? '');
      const output = String(r.output ?? '');
      const title = String(r.title ?? '');
      const name = String(r.name ?? '');
      const snippetSource = matchedIn('text').length > 0 ? { s: text, t: matchedIn('text') } : matchedIn('output').length > 0 ? { s: output, t: matchedIn('output') } : { s: text, t: [] };
      return {
        id: String(r.id),
        name: matchedIn('name').length > 0 ? highlight(name, matchedIn('name'), true) : name,
        header: highlight(title, matchedIn('title'), true),
        snippet: highlight(snippetSource.s, snippetSource.t),
        text,
      };
    });
  }
}
