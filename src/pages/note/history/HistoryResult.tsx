/**
 * One kept run's results, read-only, through the same renderers the paragraph uses: text as terminal text, tables
 * and networks in the table/chart view (its mode and settings stay in this view, nothing is saved), images as
 * images. HTML-like results are listed as their source: the paragraph draws them in the note's sandboxed result
 * document, which has a place for the live result only, and their markup never runs in the app's own page.
 */
import { Suspense } from 'react';
import type { HistoryRun, ResultMessage } from '../../../../protocol';
import { TextResult } from '../results/TextResult';
import { LazyResultView as ResultView } from '../results/resultViewChunk';

const ignoreConfig = (): void => undefined;

function Body({ m, run, index, label }: { m: ResultMessage; run: HistoryRun; index: number; label: string }) {
  switch (m.type) {
    case 'TEXT':
      return <TextResult data={m.data} streaming={false} />;
    case 'TABLE':
    case 'NETWORK':
      return (
        <Suspense fallback={<p role="status">Loading visualisation…</p>}>
          <ResultView paragraphId={`history-${run.id}`} index={index} result={m} config={undefined} status={run.status}
            dateFinished={run.dateFinished} title={label} onConfigChange={ignoreConfig} />
        </Suspense>
      );
    case 'IMG':
      return <img className="result-img" alt={`${label} image ${index + 1}`} src={`data:image/png;base64,${m.data.trim()}`} />;
    case 'SVG':
      return <img className="result-img" alt={`${label} image ${index + 1}`} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(m.data)}`} />;
    case 'NULL':
      return null;
    default:
      return (
        <>
          <p className="hint">{m.type} result, shown as its source</p>
          <pre className="result-raw">{m.data}</pre>
        </>
      );
  }
}

export function HistoryResult({ run, label }: { run: HistoryRun; label: string }) {
  const msgs = run.results?.msg ?? [];
  if (msgs.length === 0) return <p className="hint">This run left no output.</p>;
  return (
    <div className="history-result" role="group" aria-label={label}>
      {msgs.map((m, i) => (
        // Results have no ids; their position is what they are.
        <div key={i} className={`result result-${m.type.toLowerCase()}`}><Body m={m} run={run} index={i} label={label} /></div>
      ))}
    </div>
  );
}
