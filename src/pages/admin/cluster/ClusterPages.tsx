import { useAppSelector } from '../../../app/hooks';
import { selectCluster, statusLook, type ClusterEntry } from '../../../../slices/adminCluster';
import { LoadState } from '../ConfirmDialog';
import '../admin.css';

function Status({ value }: { value: unknown }) {
  const look = statusLook(value);
  return <span role="img" aria-label={`Status ${look.label}`} className={`cluster-status ${look.className}`} />;
}

function Properties({ entry }: { entry: ClusterEntry }) {
  return (
    <table className="admin-table">
      <tbody>
        {Object.entries(entry.properties).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => (
          <tr key={k}><th scope="row">{k}</th><td className="value">{String(v)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}

export function ClusterPage() {
  const s = useAppSelector(selectCluster);
  return (
    <main className="page admin cluster">
      <h1>Cluster</h1>
      <p className="admin-muted">This server runs as a one-node cluster; its interpreter processes are listed on the node page.</p>
      <LoadState status={s.status} what="cluster nodes" />
      {s.status === 'loaded' && (
        <ul aria-label="Nodes" className="helium-packages">
          {s.nodes.map((n) => {
            const name = String(n.node.NODE_NAME);
            return (
              <li key={name} aria-label={name} className="helium-package">
                <header>
                  <Status value={n.node.STATUS} />
                  <a href={`#/cluster/${encodeURIComponent(name)}/*`}>{name}</a>
                </header>
                <Properties entry={n} />
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}

export function ClusterNodePage({ nodeName, intpName }: { nodeName: string; intpName: string }) {
  const s = useAppSelector(selectCluster);
  return (
    <main className="page admin cluster-node">
      <h1>Node {nodeName}</h1>
      <p><a href="#/cluster">Back to the cluster</a></p>
      <LoadState status={s.detailStatus} what="interpreter processes" />
      {s.detailStatus === 'loaded' && (s.detail.length === 0 ? (
        <p>No interpreter process has been started on this node yet{intpName !== '*' ? ` (asked for ${intpName})` : ''}.</p>
      ) : (
        <ul aria-label="Interpreter processes" className="helium-packages">
          {s.detail.map((p) => {
            const name = String(p.node.INTP_PROCESS_NAME);
            return (
              <li key={name} aria-label={name} className="helium-package">
                <header><Status value={p.node.STATUS} /><strong>{name}</strong></header>
                <Properties entry={p} />
              </li>
            );
          })}
        </ul>
      ))}
    </main>
  );
}
