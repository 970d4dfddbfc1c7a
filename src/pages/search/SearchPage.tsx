import { useAppSelector } from '../../app/hooks';
import { selectSearch, type SearchHit } from '../../../slices/search';
import { highlightParts, hitHref } from './highlight';

function Highlighted({ text }: { text: string | undefined }) {
  return <>{highlightParts(text).map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

function Hit({ hit, term }: { hit: SearchHit; term: string }) {
  const isParagraph = hit.id.includes('/paragraph/');
  const title = hit.name || hit.id.split('/paragraph/')[0];
  return (
    <li className="search-hit">
      <h3><a href={hitHref(hit.id, term)}><Highlighted text={title} /></a></h3>
      {isParagraph && hit.header && <p className="search-header"><Highlighted text={hit.header} /></p>}
      {hit.snippet && <pre className="search-snippet"><code><Highlighted text={hit.snippet} /></code></pre>}
    </li>
  );
}

export function SearchPage({ term }: { term: string }) {
  const s = useAppSelector(selectSearch);
  const current = s.term === term;
  return (
    <main className="page search">
      <h1>Search results for '{term}'</h1>
      {(!current || s.status === 'loading') && <p role="status">Searching…</p>}
      {current && s.status === 'failed' && <p role="alert" className="error">The search failed: {s.error}</p>}
      {current && s.status === 'done' && s.hits.length === 0 && (
        <p className="search-empty">We couldn't find any notebook matching '{term}'.</p>
      )}
      {current && s.status === 'done' && s.hits.length > 0 && (
        <ul className="search-hits" aria-label="Search results">
          {s.hits.map((h) => <Hit key={h.id} hit={h} term={term} />)}
        </ul>
      )}
    </main>
  );
}
