import { useEffect, useRef, useState } from 'react';
import { FILTER_DEBOUNCE_MS } from './tableOptions';

/** Filter box that waits for a pause in typing before filtering, so large tables do not refilter per key. */
export function FilterInput({ name, value, onCommit }: { name: string; value: string; onCommit(term: string): void }) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);
  return (
    <input type="search" className="grid-filter" aria-label={`Filter ${name}`} value={draft}
      onChange={(e) => {
        const term = e.target.value;
        setDraft(term);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => commit.current(term), FILTER_DEBOUNCE_MS);
      }} />
  );
}
