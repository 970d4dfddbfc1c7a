/**
 * Helium applications of one paragraph: a switch between the paragraph's own result and each loaded app (the
 * choice is `config.helium.activeApp`), a menu of the apps the server suggests for this result, and the active
 * app's output, which arrives through the APP_* events.
 */
import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { helium, selectHeliumApps, type HeliumApp } from '../../../../slices/helium';
import type { RootState } from '../../../../slices/rootReducer';
import { ResultSlot } from './NoteResultHost';
import '../../../helium/helium.css';

export function useParagraphApps(paragraphId: string): { apps: HeliumApp[]; active: HeliumApp | undefined } {
  const all = useAppSelector(selectHeliumApps);
  const activeId = useAppSelector((s: RootState) => s.paragraphs.entities[paragraphId]?.config?.helium?.activeApp);
  return useMemo(() => {
    const apps = Object.values(all).filter((a) => a.paragraphId === paragraphId);
    return { apps, active: apps.find((a) => a.appId === activeId) };
  }, [all, paragraphId, activeId]);
}

const appName = (a: HeliumApp): string => a.pkg?.name ?? a.appId;

function AppMenu({ paragraphId }: { paragraphId: string }) {
  const dispatch = useAppDispatch();
  const suggestions = useAppSelector((s: RootState) => s.helium.suggestions[paragraphId]);
  return (
    <div className="helium-app-menu-wrap">
      <button type="button" aria-label="Load application" title="Load application" aria-expanded={!!suggestions}
        onClick={() => dispatch(suggestions ? helium.suggestClosed({ paragraphId }) : helium.suggestRequested({ paragraphId }))}>
        <i className="fa fa-cube" aria-hidden="true" /> Apps
      </button>
      {suggestions && (
        <div role="menu" aria-label="Available applications" className="helium-app-menu">
          {suggestions.status === 'loading' && <p role="status">Loading applications…</p>}
          {suggestions.status === 'failed' && <p role="alert">{suggestions.error}</p>}
          {suggestions.status === 'loaded' && suggestions.available.length === 0 && <p>No application is available for this result.</p>}
          {suggestions.available.map((pkg) => (
            <button type="button" role="menuitem" key={pkg.name} title={pkg.description}
              onClick={() => dispatch(helium.appLoadRequested({ paragraphId, pkg }))}>
              {pkg.name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The switch above the results; shown once the paragraph has a result or an app. */
export function AppBar({ paragraphId, apps, active, readOnly }: { paragraphId: string; apps: HeliumApp[]; active: HeliumApp | undefined; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  // The menu is offered only while some application package is enabled, so other notes keep a plain result.
  const offered = useAppSelector((s: RootState) => s.helium.packages.some((p) => p.type === 'APPLICATION')) && !readOnly;
  if (apps.length === 0 && !offered) return null;
  return (
    <div className="helium-app-bar">
      {apps.length > 0 && (
        <div role="group" aria-label="Helium applications" className="btn-group">
          <button type="button" aria-pressed={!active} disabled={readOnly}
            onClick={() => { if (active) dispatch(helium.appSelected({ paragraphId, appId: null })); }}>Result</button>
          {apps.map((a) => (
            <button type="button" key={a.appId} aria-pressed={a === active} disabled={readOnly}
              onClick={() => { if (a !== active) dispatch(helium.appSelected({ paragraphId, appId: a.appId })); }}>{appName(a)}</button>
          ))}
        </div>
      )}
      {offered && <AppMenu paragraphId={paragraphId} />}
    </div>
  );
}

export function AppOutput({ app, paragraphId }: { app: HeliumApp; paragraphId: string }) {
  const name = appName(app);
  const key = `app:${app.appId}`;
  const item = useMemo(() => ({ key, paragraphId, angular: false, html: app.output }), [key, paragraphId, app.output]);
  return (
    <div className="helium-app-output" role="region" aria-label={`Application ${name}`} data-app-status={app.status}>
      {app.status !== 'LOADED' && <p role="status" className="helium-app-status">{name}: {app.status}</p>}
      {app.output !== '' && (app.outputType === 'HTML'
        ? <ResultSlot slotKey={key} title={`${name} output`} extra={item} />
        : <pre className="result-raw">{app.output}</pre>)}
    </div>
  );
}
