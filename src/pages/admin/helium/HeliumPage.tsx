import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { adminHelium, PACKAGE_TYPES, selectHelium, selectHeliumView, type PackageRow } from '../../../../slices/adminHelium';
import { ConfirmDialog, ErrorDialog, LoadState } from '../ConfirmDialog';
import { ConfigPanel } from './ConfigPanel';
import { VisualizationOrder } from './VisualizationOrder';
import '../admin.css';

/** A registry icon is HTML (`<i class="fa fa-th">`); only its class is used, so no markup from a package runs. */
function Icon({ html }: { html?: string }) {
  const cls = html ? /class\s*=\s*["']([\w\s-]+)["']/.exec(html)?.[1] : undefined;
  return cls ? <i className={cls} aria-hidden="true" /> : null;
}

const day = (iso?: string): string => (iso ? iso.slice(0, 10) : '');

function Package({ row }: { row: PackageRow }) {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectHelium);
  const { pkg, enabled } = row.shown;
  const artifact = pkg.artifact ?? pkg.name;
  const panel = s.configs[row.name];
  const busy = s.busy === row.name;
  return (
    <li className="helium-package" aria-label={row.name}>
      <header>
        <Icon html={pkg.icon} />
        <strong>{row.name}</strong>
        <span>{artifact}</span>
        <span className="admin-muted">{pkg.type}</span>
        {pkg.license && <span className="admin-muted">{pkg.license}</span>}
        <span className="admin-muted">published {day(pkg.published)}</span>
        {enabled && <span className="admin-muted">enabled{s.loadedBundles.includes(row.name) ? ', bundle loaded' : ''}</span>}
      </header>
      <p>{pkg.description}</p>
      {s.bundleErrors[row.name] && (
        <div role="alert" aria-label={`Bundle error of ${row.name}`} className="helium-bundle-error">
          <strong>Bundle failed:</strong> <pre>{s.bundleErrors[row.name]}</pre>
        </div>
      )}
      {pkg.spell && <p className="admin-muted">Usage: <code>{pkg.spell.usage ?? pkg.spell.magic}</code></p>}
      <div className="admin-actions">
        {enabled
          ? <button type="button" disabled={busy} onClick={() => dispatch(adminHelium.disableRequested({ name: row.name, artifact }))}>Disable</button>
          : <button type="button" className="btn-primary" disabled={busy} onClick={() => dispatch(adminHelium.enableRequested({ name: row.name, artifact }))}>Enable</button>}
        <button type="button" aria-expanded={!!s.versionsOpen[row.name]} onClick={() => dispatch(adminHelium.versionsToggled(row.name))}>
          Versions ({row.versions.length})
        </button>
        {enabled && (
          <button type="button" disabled={panel?.state === 'opening'} aria-expanded={panel?.state === 'open'}
            onClick={() => dispatch(panel ? adminHelium.configClosed(row.name) : adminHelium.configOpened({ name: row.name, artifact }))}>
            {panel?.state === 'opening' ? 'Loading config…' : 'Config'}
          </button>
        )}
      </div>
      {s.versionsOpen[row.name] && (
        <ul aria-label={`Versions of ${row.name}`}>
          {row.versions.map((v) => (
            <li key={v.pkg.artifact}>
              {v.pkg.artifact} <span className="admin-muted">({day(v.pkg.published)})</span>
              {v.enabled ? ' enabled' : (
                <button type="button" className="btn-link" disabled={busy}
                  onClick={() => dispatch(adminHelium.enableRequested({ name: row.name, artifact: v.pkg.artifact ?? row.name }))}>
                  Enable {v.pkg.artifact}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {panel?.state === 'open' && <ConfigPanel name={row.name} panel={panel} />}
    </li>
  );
}

function Pager({ page, pageCount, links }: { page: number; pageCount: number; links: number[] }) {
  const dispatch = useAppDispatch();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" aria-label="Previous page" disabled={page <= 1} onClick={() => dispatch(adminHelium.pageChosen(page - 1))}>«</button>
      {links.map((p) => (
        <button key={p} type="button" aria-current={p === page ? 'page' : undefined} onClick={() => dispatch(adminHelium.pageChosen(p))}>{p}</button>
      ))}
      <button type="button" aria-label="Next page" disabled={page >= pageCount} onClick={() => dispatch(adminHelium.pageChosen(page + 1))}>»</button>
    </nav>
  );
}

export function HeliumPage() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectHelium);
  const view = useAppSelector(selectHeliumView);
  const confirm = s.confirm;
  return (
    <main className="page admin helium">
      <h1>Helium Packages</h1>
      <p className="admin-muted">Plugin packages from the local registry in the server&apos;s conf folder.</p>
      {s.typeFilter === 'VISUALIZATION' && <VisualizationOrder />}
      <div className="helium-types" role="group" aria-label="Package type">
        {PACKAGE_TYPES.map((t) => (
          <button key={t} type="button" aria-pressed={s.typeFilter === t} onClick={() => dispatch(adminHelium.typeChosen(t))}>{t}</button>
        ))}
      </div>
      <LoadState status={s.status} what="packages" />
      {s.status === 'loaded' && (view.total === 0 ? <p>No {s.typeFilter} packages in the registry.</p> : (
        <ul className="helium-packages" aria-label="Packages">
          {view.rows.map((r) => <Package key={r.name} row={r} />)}
        </ul>
      ))}
      <Pager page={view.page} pageCount={view.pageCount} links={view.links} />
      {confirm && (
        <ConfirmDialog
          title={confirm.action === 'enable' ? `Enable ${confirm.name}` : `Disable ${confirm.name}`}
          text={confirm.action === 'enable' ? `Do you want to enable ${confirm.artifact}?` : `Do you want to disable ${confirm.name}?`}
          verb={confirm.action === 'enable' ? 'Enable' : 'Disable'}
          onConfirm={() => dispatch(adminHelium.confirmAccepted(confirm))} onCancel={() => dispatch(adminHelium.confirmCancelled())} />
      )}
      {s.error && <ErrorDialog title={s.error.title} message={s.error.message} onClose={() => dispatch(adminHelium.errorClosed())} />}
    </main>
  );
}
