import { useEffect, useMemo, useState, type ChangeEvent, type MouseEvent } from 'react';
import { Provider } from 'react-redux';
import { deepEqual } from '../app/deepEqual';
import { parseActionLog, type ParsedActionLog } from '../app/devtools';
import { createReplay, makeReplayStore, REPLAY_JUMP, verifyReplay, type Verification } from '../app/replay';
import { stateDiffHtml } from '../app/replayDiff';
import { PageForRoute } from './PageForRoute';
import 'jsondiffpatch/formatters/styles/html.css';

/**
 * The replayed views are a picture of the past: a link in them must not move the app itself (the live router would
 * turn it into a route change of the live store), nor may a form in them submit.
 */
function keepInside(e: MouseEvent<HTMLElement>): void {
  const link = (e.target as Element).closest?.('a[href]');
  if (link && link.getAttribute('target') !== '_blank') e.preventDefault();
}

function Divergence({ log, verification }: { log: ParsedActionLog; verification: Verification }) {
  const d = verification.divergence;
  const html = useMemo(() => (d ? stateDiffHtml(d.expected, d.replayed) : ''), [d]);
  if (!d) {
    if (!verification.checkpointed) return null;
    return <p role="status" className="ok">The replay matches the recording at all {verification.checked} checkpoints.</p>;
  }
  return (
    <>
      <p role="alert" className="error">
        The replay differs from the recording after step {d.index + 1} ({String(log.actions[d.index]?.type)}); it stops there.
      </p>
      <section className="replay-diff" aria-label="Difference of the recorded and the replayed state">
        <h2>Recorded and replayed state at step {d.comparedAt}</h2>
        {/* jsondiffpatch's formatter escapes every value it prints. */}
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </section>
    </>
  );
}

/**
 * Support staff load a saved action log and step through it; the app's own views render each step's state from
 * the real reducers (no sagas, nothing is sent), in a store of their own. Loading checks the recorded checkpoints
 * and stops at the first action after which the replay differs.
 */
export function ReplayPage() {
  const [log, setLog] = useState<ParsedActionLog | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const replay = useMemo(() => (log ? createReplay(log) : null), [log]);
  const store = useMemo(() => (replay ? makeReplayStore(replay.stateAt(0)) : null), [replay]);

  useEffect(() => {
    if (replay && store) store.dispatch({ type: REPLAY_JUMP, payload: replay.stateAt(step) });
  }, [replay, store, step]);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const parsed = parseActionLog(await file.text());
    if ('error' in parsed) {
      setError(parsed.error);
      setLog(null);
      setVerification(null);
      return;
    }
    const checked = verifyReplay(parsed);
    setError(null);
    setLog(parsed);
    setVerification(checked);
    setStep(checked.divergence ? checked.divergence.index + 1 : parsed.actions.length);
  };

  const total = replay?.length ?? 0;
  const current = replay && step > 0 ? replay.actionAt(step - 1) : null;
  const atEnd = replay !== null && step === total;
  const matches = atEnd && log?.finalState !== undefined ? deepEqual(replay.stateAt(total), log.finalState) : null;

  return (
    <main className="page replay">
      <h1>Replay an action log</h1>
      <label className="file-label">
        Load action log
        <input type="file" accept=".json,application/json" aria-label="Load action log" onChange={onFile} />
      </label>
      {error && <p role="alert" className="error">{error}</p>}
      {log && verification && <Divergence log={log} verification={verification} />}
      {replay && (
        <div className="replay-controls">
          <button type="button" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>Previous</button>
          <input type="range" aria-label="Step" min={0} max={total} value={step} onChange={(e) => setStep(Number(e.target.value))} />
          <button type="button" onClick={() => setStep((s) => Math.min(total, s + 1))} disabled={step === total}>Next</button>
          <span className="replay-position" aria-live="polite">Step {step} of {total}</span>
          {current && <code className="replay-action" data-testid="replay-action">{String(current.type)}</code>}
          {matches !== null && (
            <span role="status" className={matches ? 'ok' : 'error'}>
              {matches ? 'The replayed state matches the recorded end state.' : 'The replayed state differs from the recorded end state.'}
            </span>
          )}
        </div>
      )}
      {store && (
        <section className="replay-view" aria-label="Replayed application view" onClickCapture={keepInside} onSubmitCapture={(e) => e.preventDefault()}>
          <Provider store={store}>
            <PageForRoute />
          </Provider>
        </section>
      )}
    </main>
  );
}
