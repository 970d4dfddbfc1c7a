/**
 * "Result history" (docs/protocol.md 3.11): a paragraph's kept runs with their time, user and status. Picking one
 * shows its results read-only; picking two compares them, the older as the base.
 */
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { resultHistory, selectResultHistory, type ResultHistoryState } from '../../../../slices/resultHistory';
import type { HistoryRunSummary } from '../../../../protocol';
import { HistoryResult } from './HistoryResult';
import { RunComparison } from './RunComparison';
import './history.css';

const timeOf = (r: HistoryRunSummary): string => r.dateFinished ?? r.dateStarted ?? '';
const describe = (r: HistoryRunSummary): string => `${timeOf(r)} by ${r.user}, ${r.status}`;

function RunList({ s }: { s: ResultHistoryState }) {
  const dispatch = useAppDispatch();
  if (s.error) return <p role="alert" className="error">{s.error}</p>;
  if (!s.runs) return <p role="status">Loading the runs…</p>;
  if (s.runs.length === 0) return <p className="hint">No runs kept yet: each run of this paragraph from now on is kept here.</p>;
  return (
    <table className="history-runs" aria-label="Runs">
      <thead><tr><th scope="col">Pick</th><th scope="col">Time</th><th scope="col">User</th><th scope="col">Status</th></tr></thead>
      <tbody>
        {s.runs.map((r) => (
          <tr key={r.id} aria-selected={s.picked.includes(r.id)}>
            <td><input type="checkbox" aria-label={`Run of ${timeOf(r)}`} checked={s.picked.includes(r.id)}
              onChange={() => dispatch(resultHistory.runToggled({ runId: r.id }))} /></td>
            <td>{timeOf(r)}</td>
            <td>{r.user}</td>
            <td className={`status-${r.status.toLowerCase()}`}>{r.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Picked({ s }: { s: ResultHistoryState }) {
  const runs = s.runs ?? [];
  // Older first: the list is newest first.
  const picked = runs.filter((r) => s.picked.includes(r.id)).reverse();
  if (runs.length === 0) return null;
  if (picked.length === 0) return <p className="hint">Pick a run to view it, or two runs to compare them.</p>;
  const failed = picked.map((r) => s.detailErrors[r.id]).find((m) => m !== undefined);
  if (failed) return <p role="alert" className="error">{failed}</p>;
  const details = picked.map((r) => s.details[r.id]);
  if (details.some((d) => d === undefined)) return <p role="status">Loading the run…</p>;
  if (picked.length === 1) {
    return (
      <section className="history-view" aria-label="Picked run">
        <h3>Run of {describe(picked[0])}</h3>
        <HistoryResult run={details[0]} label={`Run of ${timeOf(picked[0])}`} />
      </section>
    );
  }
  return (
    <section className="history-view" aria-label="Comparison">
      <h3>Comparing the run of {describe(picked[0])} with the run of {describe(picked[1])}</h3>
      <RunComparison before={details[0]} after={details[1]} />
    </section>
  );
}

export function ResultHistoryDialog() {
  const s = useAppSelector(selectResultHistory);
  const dispatch = useAppDispatch();
  if (!s.open) return null;
  const { paragraphId } = s.open;
  const close = () => {
    dispatch(resultHistory.closed());
    // Keyboard users continue where they opened the dialog: the paragraph's settings button.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#paragraph_${CSS.escape(paragraphId)} button[aria-label="Paragraph settings"]`)?.focus());
  };
  return (
    <Modal title="Result history" onClose={close} footer={<button type="button" onClick={close}>Close</button>}>
      <div className="result-history">
        <RunList s={s} />
        <Picked s={s} />
      </div>
    </Modal>
  );
}
