import { useAppSelector } from '../app/hooks';
import { selectBundlesReady } from '../../slices/helium';
import { selectOpenNote, selectOpenNoteParagraphIds } from '../../slices/notes';
import { selectParagraphById } from '../../slices/paragraphs';
import { noteDisplayName } from '../app/noteTree';
import type { RouteMatch } from '../app/routing';
import { LazyCodeEditor } from '../editor/LazyCodeEditor';

function ParagraphView({ id }: { id: string }) {
  const p = useAppSelector((s) => selectParagraphById(s, id));
  if (!p) return null;
  return (
    <section id={`paragraph_${p.id}`} className="paragraph" aria-label={p.title || 'Paragraph'} data-status={p.status}>
      {p.config?.title && p.title && <h3>{p.title}</h3>}
      {!p.config?.editorHide && (
        <LazyCodeEditor value={p.text ?? ''} language={p.config?.editorSetting?.language ?? p.config?.editorMode ?? 'plaintext'}
          readOnly fontSize={p.config?.fontSize} lineNumbers={p.config?.lineNumbers} ariaLabel="Paragraph text" />
      )}
      {!p.config?.tableHide && (p.results?.msg ?? []).map((m, i) => (
        <pre key={i} className={`result result-${m.type.toLowerCase()}`}>{m.data}</pre>
      ))}
      <footer className="paragraph-status">{p.status}</footer>
    </section>
  );
}

/** Interim note view: the full note page (editor, run controls, result renderers) lands with its own issue. */
export function NotePage({ match }: { match: Extract<RouteMatch, { page: 'note' }> }) {
  const ready = useAppSelector(selectBundlesReady);
  const note = useAppSelector(selectOpenNote);
  const ids = useAppSelector(selectOpenNoteParagraphIds);
  if (!ready) return <main className="page"><p role="status">Loading plugins…</p></main>;
  if (!note || note.id !== match.noteId) return <main className="page"><p role="status">Loading note…</p></main>;
  return (
    <main className="page note">
      <h1>{noteDisplayName(note.name, note.id)}</h1>
      {ids.map((id) => <ParagraphView key={id} id={id} />)}
    </main>
  );
}
