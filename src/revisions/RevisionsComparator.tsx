/**
 * The revisions comparator: pick two revisions (the current note, "Head", is the first choice), see which
 * paragraphs were added, deleted or changed, and the diff of one of them. It owns only its selection; the page
 * fetches revisions (NOTE_REVISION_FOR_COMPARE) through `onRequestRevision` and passes the notes back in `loaded`.
 */
import { useMemo, useState } from 'react';
import { formatDate, REVISION_DATE_FORMAT } from '../app/dates';
import type { Note, Revision } from '../protocol';
import { compareNotes, diffHtml, diffParagraph, type ParagraphComparison } from './compare';

export type ComparePosition = 'first' | 'second';

export interface LoadedRevision {
  revisionId: string;
  note: Note;
}

export interface RevisionsComparatorProps {
  noteId: string;
  /** Newest first, as LIST_REVISION_HISTORY sends them (without the pseudo revision "Head"). */
  revisions: Revision[];
  loaded: Partial<Record<ComparePosition, LoadedRevision>>;
  onRequestRevision(noteId: string, revisionId: string, position: ComparePosition): void;
}

export const HEAD_REVISION: Revision = { id: 'Head', message: 'Head' };

const revisionLabel = (r: Revision): string =>
  r.id === HEAD_REVISION.id || r.time === undefined ? r.message : `${r.message} — ${formatDate(r.time * 1000, REVISION_DATE_FORMAT)}`;

function RevisionSelect(props: { label: string; value: string; options: Revision[]; onChange(id: string): void }) {
  return (
    <label className="revisions-comparator__select">
      {props.label}
      <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="" disabled>Choose...</option>
        {props.options.map((r) => (
          <option key={r.id} value={r.id}>{revisionLabel(r)}</option>
        ))}
      </select>
    </label>
  );
}

function DiffPanel({ item }: { item: ParagraphComparison | undefined }) {
  const diff = useMemo(() => (item ? diffParagraph(item.first, item.second) : undefined), [item]);
  if (!item || !diff) return <div className="revisions-comparator__diff">Nothing to display</div>;
  const textHtml = diffHtml(diff.text, item.first?.text ?? '');
  const resultsHtml = diffHtml(diff.results, item.first?.results ?? {});
  if (textHtml === '' && resultsHtml === '') {
    return (
      <div className="revisions-comparator__diff">
        <pre>{item.second?.text ?? item.first?.text ?? ''}</pre>
      </div>
    );
  }
  return (
    <div className="revisions-comparator__diff">
      {/* jsondiffpatch's formatter escapes every value it prints. */}
      {textHtml !== '' && <section aria-label="Text diff" dangerouslySetInnerHTML={{ __html: textHtml }} />}
      {resultsHtml !== '' && <section aria-label="Results diff" dangerouslySetInnerHTML={{ __html: resultsHtml }} />}
    </div>
  );
}

export function RevisionsComparator({ noteId, revisions, loaded, onRequestRevision }: RevisionsComparatorProps) {
  const [chosen, setChosen] = useState<Record<ComparePosition, string>>({ first: '', second: '' });
  const [selected, setSelected] = useState<string | undefined>();
  const options = useMemo(() => [HEAD_REVISION, ...revisions.filter((r) => r.id !== HEAD_REVISION.id)], [revisions]);

  const choose = (position: ComparePosition) => (id: string): void => {
    setChosen((c) => ({ ...c, [position]: id }));
    setSelected(undefined);
    onRequestRevision(noteId, id, position);
  };

  const first = loaded.first?.revisionId === chosen.first ? loaded.first.note : undefined;
  const second = loaded.second?.revisionId === chosen.second ? loaded.second.note : undefined;
  const ready = chosen.first !== '' && chosen.second !== '' && chosen.first !== chosen.second;
  const items = useMemo(() => (ready && first && second ? compareNotes(first, second) : undefined), [ready, first, second]);

  return (
    <div className="revisions-comparator">
      <div className="revisions-comparator__choices">
        <RevisionSelect label="First revision" value={chosen.first} options={options} onChange={choose('first')} />
        <RevisionSelect label="Second revision" value={chosen.second} options={options} onChange={choose('second')} />
      </div>
      {!ready && <p>Please select a revision</p>}
      {ready && !items && <p role="status">Loading…</p>}
      {items && (
        <div className="revisions-comparator__body">
          <ul aria-label="Paragraphs">
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" aria-pressed={selected === item.id} className={`revisions-comparator__paragraph is-${item.change.replace(/ /g, '-')}`} onClick={() => setSelected(item.id)}>
                  <span>{item.label}</span> <em>{item.change}</em>
                </button>
              </li>
            ))}
          </ul>
          <DiffPanel item={items.find((i) => i.id === selected)} />
        </div>
      )}
    </div>
  );
}
