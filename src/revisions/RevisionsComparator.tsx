/**
 * The revisions comparator: the note's revisions with their dates, two choices (the current note, "Head", is the
 * first option), then which paragraphs were added, deleted or changed, and the diff of the one picked. It is fully
 * controlled: the choices and the fetched notes live in the store (slices/revisions.ts), so a replayed log shows
 * the same comparison.
 */
import { useMemo } from 'react';
import { formatDate, REVISION_DATE_FORMAT } from '../../slices/domain/dates';
import type { Revision } from '../../protocol';
import { HEAD_REVISION_ID, REVISION_PROBLEM, type ComparedNote, type ComparePosition } from '../../slices/revisions';
import { compareNotes, diffHtml, diffParagraph, linesOf, type ParagraphComparison } from './compare';

export type { ComparePosition };

export const HEAD_REVISION: Revision = { id: HEAD_REVISION_ID, message: 'Head' };

export const PLEASE_SELECT = 'Please select a revision';
export const NOTHING_TO_DISPLAY = 'Nothing to display';

export interface RevisionsComparatorProps {
  /** Newest first, as LIST_REVISION_HISTORY sends them (without the pseudo revision "Head"). */
  revisions: Revision[];
  chosen: Record<ComparePosition, string>;
  loaded: Partial<Record<ComparePosition, ComparedNote>>;
  selected: string | null;
  onChoose(position: ComparePosition, revisionId: string): void;
  onSelect(paragraphId: string): void;
}

export const revisionDate = (r: Revision): string => (r.time === undefined ? '' : formatDate(r.time * 1000, REVISION_DATE_FORMAT));

export const revisionLabel = (r: Revision): string => {
  const date = revisionDate(r);
  return date === '' ? r.message : `${r.message} — ${date}`;
};

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
  if (!item || !diff) return <div className="revisions-comparator__diff"><p>{NOTHING_TO_DISPLAY}</p></div>;
  const textHtml = diffHtml(diff.text, linesOf(item.first?.text));
  const resultsHtml = diffHtml(diff.results, item.first?.results ?? {});
  if (textHtml === '' && resultsHtml === '') {
    return (
      <div className="revisions-comparator__diff" aria-label="Paragraph contents">
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

function Comparison({ chosen, loaded, selected, onSelect }: Pick<RevisionsComparatorProps, 'chosen' | 'loaded' | 'selected' | 'onSelect'>) {
  const first = loaded.first?.revisionId === chosen.first ? loaded.first : undefined;
  const second = loaded.second?.revisionId === chosen.second ? loaded.second : undefined;
  const items = useMemo(
    () => (first?.note && second?.note ? compareNotes(first.note, second.note) : undefined),
    [first, second],
  );
  if (!first || !second) return <p role="status">Loading…</p>;
  if (!first.note || !second.note) return <p role="alert">{REVISION_PROBLEM}</p>;
  if (!items || items.length === 0) return <p>{NOTHING_TO_DISPLAY}</p>;
  return (
    <div className="revisions-comparator__body">
      <ul aria-label="Paragraphs">
        {items.map((item) => (
          <li key={item.id}>
            <button type="button" aria-pressed={selected === item.id} className={`revisions-comparator__paragraph is-${item.change.replace(/ /g, '-')}`}
              onClick={() => onSelect(item.id)}>
              <span>{item.label}</span> <em>{item.change}</em>
            </button>
          </li>
        ))}
      </ul>
      <DiffPanel item={items.find((i) => i.id === selected)} />
    </div>
  );
}

export function RevisionsComparator({ revisions, chosen, loaded, selected, onChoose, onSelect }: RevisionsComparatorProps) {
  const options = useMemo(() => [HEAD_REVISION, ...revisions.filter((r) => r.id !== HEAD_REVISION_ID)], [revisions]);
  const ready = chosen.first !== '' && chosen.second !== '' && chosen.first !== chosen.second;
  return (
    <div className="revisions-comparator">
      <ul className="revisions-comparator__revisions" aria-label="Revisions">
        {options.map((r) => (
          <li key={r.id}>
            <span className="revision-message">{r.message}</span>{' '}
            {r.time !== undefined && <time dateTime={new Date(r.time * 1000).toISOString()}>{revisionDate(r)}</time>}
          </li>
        ))}
      </ul>
      <div className="revisions-comparator__choices">
        <RevisionSelect label="First revision" value={chosen.first} options={options} onChange={(id) => onChoose('first', id)} />
        <RevisionSelect label="Second revision" value={chosen.second} options={options} onChange={(id) => onChoose('second', id)} />
      </div>
      {ready ? <Comparison chosen={chosen} loaded={loaded} selected={selected} onSelect={onSelect} /> : <p>{PLEASE_SELECT}</p>}
    </div>
  );
}
