import { useAppSelector } from '../../../app/hooks';
import { selectConfigurations } from '../../../../slices/adminConfigurations';
import { LoadState } from '../ConfirmDialog';
import '../admin.css';

/** Read-only: the server leaves out passwords, keys and other secrets before sending the list. */
export function ConfigurationPage() {
  const s = useAppSelector(selectConfigurations);
  return (
    <main className="page admin configuration">
      <h1>Configurations</h1>
      <p className="admin-muted">Server configuration, read-only. Secrets are not shown.</p>
      <LoadState status={s.status} what="configurations" />
      {s.status === 'loaded' && (
        <table className="admin-table" aria-label="Configurations">
          <thead><tr><th>Name</th><th>Value</th></tr></thead>
          <tbody>
            {s.entries.map(([k, v]) => <tr key={k}><td>{k}</td><td className="value">{v}</td></tr>)}
          </tbody>
        </table>
      )}
    </main>
  );
}
