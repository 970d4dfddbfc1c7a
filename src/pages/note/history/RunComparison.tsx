/** Two kept runs side by side as differences: text results as a line diff, tables as added, removed and changed rows. */
import { useMemo } from 'react';
import type { HistoryRun } from '../../../../protocol';
import { compareResults, type LineChange, type TableDiff } from './compareRuns';

const MARK: Record<LineChange['kind'], string> = { same: '  ', added: '+ ', removed: '- ' };

function LineDiffView({ lines, label }: { lines: LineChange[]; label: string }) {
  if (lines.every((l) => l.kind === 'same')) return <p className="hint">{label}: no differences</p>;
  return (
    <pre className="history-line-diff" aria-label={label}>
      {lines.map((l, i) => {
        const text = `${MARK[l.kind]}${l.text}\n`;
        // Lines have no ids; their position in the diff is what they are.
        if (l.kind === 'added') return <ins key={i} className="diff-added">{text}</ins>;
        if (l.kind === 'removed') return <del key={i} className="diff-removed">{text}</del>;
        return <span key={i}>{text}</span>;
      })}
    </pre>
  );
}

function Cells({ cells, width }: { cells: string[]; width: number }) {
  return <>{Array.from({ length: width }, (_, i) => <td key={i}>{cells[i] ?? ''}</td>)}</>;
}

function TableDiffView({ diff, label }: { diff: TableDiff; label: string }) {
  const { added, removed, changed } = diff.counts;
  const width = diff.columns.length;
  return (
    <div className="history-table-diff">
      <p>{label}: {added} added, {removed} removed, {changed} changed {added + removed + changed === 1 ? 'row' : 'rows'}
        {diff.columnsChanged && ' (the columns changed too)'}</p>
      {diff.rows.length > 0 && (
        <table aria-label={label}>
          <thead><tr><th scope="col">Change</th>{diff.columns.map((c, i) => <th key={i} scope="col">{c}</th>)}</tr></thead>
          <tbody>
            {diff.rows.map((r, i) => r.kind === 'changed' ? (
              <tr key={i} className="diff-changed">
                <th scope="row">changed</th>
                {Array.from({ length: width }, (_, c) => r.before[c] === r.after[c]
                  ? <td key={c}>{r.after[c] ?? ''}</td>
                  : <td key={c}><del>{r.before[c] ?? ''}</del> <ins>{r.after[c] ?? ''}</ins></td>)}
              </tr>
            ) : (
              <tr key={i} className={`diff-${r.kind}`}><th scope="row">{r.kind}</th><Cells cells={r.cells} width={width} /></tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** `before` is the older run. */
export function RunComparison({ before, after }: { before: HistoryRun; after: HistoryRun }) {
  const diffs = useMemo(() => compareResults(before.results?.msg ?? [], after.results?.msg ?? []), [before, after]);
  if (diffs.length === 0) return <p className="hint">Neither run left output.</p>;
  return (
    <div className="history-comparison" role="group" aria-label="Differences">
      {diffs.map((d) => {
        const label = `Result ${d.index + 1}`;
        return d.kind === 'table'
          ? <TableDiffView key={d.index} diff={d.diff} label={label} />
          : <LineDiffView key={d.index} lines={d.lines} label={label} />;
      })}
    </div>
  );
}
