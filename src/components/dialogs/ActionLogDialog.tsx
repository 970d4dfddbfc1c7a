/**
 * What the support action log keeps, and its limits: the user sees how many actions and how much it holds now, and
 * changes the most it may keep (saved in the browser, applied at once).
 */
import { useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { checkActionLogLimits, MB, selectActionLogLimits, selectLocale, ui, type ActionLogStats } from '../../../slices/ui';
import { Modal } from '../Modal';

const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

export function ActionLogDialog({ stats }: { stats: ActionLogStats | null }) {
  const dispatch = useAppDispatch();
  const limits = useAppSelector(selectActionLogLimits);
  const locale = useAppSelector(selectLocale);
  const [entries, setEntries] = useState(String(limits.maxEntries));
  const [size, setSize] = useState(mb(limits.maxBytes));
  const [error, setError] = useState<string | null>(null);
  const close = () => dispatch(ui.dialogClosed());
  const save = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkActionLogLimits(Number(entries), Number(size));
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    dispatch(ui.actionLogLimitsChosen(checked));
  };
  const since = stats?.oldestAt ? new Date(stats.oldestAt).toLocaleString(locale) : null;
  return (
    <Modal title="Action log" onClose={close} footer={<>
      <button type="button" onClick={() => dispatch(ui.actionLogDownloadRequested())}>Download action log</button>
      <button type="button" onClick={close}>Close</button>
    </>}>
      <p className="dialog-text" role="status">
        {stats
          ? `Keeping ${stats.entries.toLocaleString(locale)} actions (${mb(stats.bytes)} MB)${since ? ` since ${since}` : ''}.`
          : 'The action log is not available.'}
      </p>
      <form className="action-log-limits" aria-label="Action log limits" onSubmit={save}>
        <label>Keep at most
          <input type="number" aria-label="Most actions kept" value={entries} onChange={(e) => setEntries(e.target.value)} /> actions
        </label>
        <label>and
          <input type="number" aria-label="Most megabytes kept" step="any" value={size} onChange={(e) => setSize(e.target.value)} /> MB
        </label>
        <p className="hint">The oldest actions are dropped first; a day of work usually fits the defaults.</p>
        {error && <p role="alert" className="error">{error}</p>}
        <button type="submit">Save</button>
      </form>
    </Modal>
  );
}
