import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notePage, PERMISSION_KEYS, type PermissionKey } from '../../../slices/notePage';
import type { InterpreterBinding } from '../../../protocol';
import { roleList } from '../../../protocol/roles';
import { formatDate, PARAGRAPH_DATE_FORMAT } from '../../../slices/domain/dates';
import { CRON_PRESETS } from '../../../protocol';
import { selectIsNoteOwner, selectOpenMeta, selectViewOnly } from '../../../slices/noteSelectors';

function PanelFrame({ title, panel, children }: { title: string; panel: 'bindings' | 'permissions' | 'cron'; children: React.ReactNode }) {
  const dispatch = useAppDispatch();
  return (
    <section className="note-panel" role="region" aria-label={title}>
      <header><h2>{title}</h2>
        <button type="button" aria-label={`Close ${title}`} onClick={() => dispatch(notePage.panelCloseRequested(panel))}>×</button>
      </header>
      {children}
    </section>
  );
}

function BindingsPanel() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((s) => s.notePage.bindingsDraft);
  const viewOnly = useAppSelector(selectViewOnly);
  const list: InterpreterBinding[] = draft ?? [];
  const edit = (next: InterpreterBinding[]) => dispatch(notePage.bindingsEdited(next));
  const move = (i: number, d: number) => {
    const j = i + d;
    if (j < 0 || j >= list.length) return;
    const next = [...list];
    [next[i], next[j]] = [next[j], next[i]];
    edit(next);
  };
  return (
    <PanelFrame title="Interpreter binding" panel="bindings">
      <p>Bind interpreters to this note. The first one is the default; reorder with the arrows.</p>
      {draft === null ? <p role="status">Loading…</p> : (
        <ol className="binding-list">
          {list.map((b, i) => (
            <li key={b.id}>
              <label><input type="checkbox" checked={b.selected} disabled={viewOnly}
                onChange={() => edit(list.map((x) => (x.id === b.id ? { ...x, selected: !x.selected } : x)))} />
                {b.name} <small>{(b.interpreters ?? []).map((x) => `%${x.name}`).join(', ')}</small></label>
              <button type="button" aria-label={`Move ${b.name} up`} disabled={i === 0 || viewOnly} onClick={() => move(i, -1)}>↑</button>
              <button type="button" aria-label={`Move ${b.name} down`} disabled={i === list.length - 1 || viewOnly} onClick={() => move(i, 1)}>↓</button>
              <button type="button" aria-label={`Restart ${b.name}`} onClick={() => dispatch(notePage.interpreterRestartRequested({ settingId: b.id }))}>⟳</button>
            </li>
          ))}
        </ol>
      )}
      <button type="button" disabled={viewOnly || !draft} onClick={() => dispatch(notePage.bindingsSaveRequested())}>Save</button>
      <button type="button" onClick={() => dispatch(notePage.panelCloseRequested('bindings'))}>Cancel</button>
    </PanelFrame>
  );
}

const PERMISSION_LABELS: Record<PermissionKey, string> = { owners: 'Owners', writers: 'Writers', runners: 'Runners', readers: 'Readers' };

function PermissionsPanel() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector((s) => s.notePage.permissionsDraft);
  const suggestions = useAppSelector((s) => s.notePage.userSuggestions);
  // Only owners may change permissions (the server refuses others); everyone else sees the lists read-only.
  const owner = useAppSelector(selectIsNoteOwner);
  return (
    <PanelFrame title="Note permissions" panel="permissions">
      <p>{owner ? 'Enter comma or space separated users and roles. Empty fields mean everyone.' : 'Only the owners of this note can change its permissions. Empty fields mean everyone.'}</p>
      <datalist id="permission-suggestions">{suggestions.map((x) => <option key={x} value={x} />)}</datalist>
      {draft === null ? <p role="status">Loading…</p> : PERMISSION_KEYS.map((k) => (
        <label key={k} className="form-field"><span>{PERMISSION_LABELS[k]}</span>
          <input aria-label={PERMISSION_LABELS[k]} list="permission-suggestions" value={draft[k]} readOnly={!owner}
            onChange={(e) => {
              dispatch(notePage.permissionEdited({ key: k, text: e.target.value }));
              dispatch(notePage.userSearchRequested(e.target.value));
            }} />
        </label>
      ))}
      {owner && <button type="button" disabled={draft === null} onClick={() => dispatch(notePage.permissionsSaveRequested())}>Save</button>}
      <button type="button" onClick={() => dispatch(notePage.panelCloseRequested('permissions'))}>{owner ? 'Cancel' : 'Close'}</button>
    </PanelFrame>
  );
}

const formatDuration = (ms: number): string => (ms < 1000 ? `${ms} ms` : ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

/** Runs are recorded when they end, so a long run would sit below later skips: the panel orders by start. */
const newestFirst = <T extends { startedAt: number | string }>(runs: T[]): T[] =>
  [...runs].sort((a, b) => new Date(b.startedAt).getTime() - new Date(a.startedAt).getTime());

const firstLine = (text: string | undefined): string => {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
};

/** Beyond Zeppelin: when the schedule fires next and how its last runs went (our server only). */
function CronHistory() {
  const { info, error } = useAppSelector((s) => s.cron);
  const paragraphs = useAppSelector((s) => s.paragraphs.entities);
  if (error) return <p role="note">{error}</p>;
  if (!info) return null;
  return (
    <>
      {info.nextFireTime !== undefined && <p className="cron-next">Next run: <time dateTime={new Date(info.nextFireTime).toISOString()}>{formatDate(info.nextFireTime, PARAGRAPH_DATE_FORMAT)}</time></p>}
      {info.history && (info.history.length === 0 ? <p className="cron-history-empty">No scheduled runs yet.</p> : (
        <table className="cron-history" aria-label="Run history">
          <thead><tr><th>Started</th><th>Duration</th><th>Outcome</th><th>Failing paragraph</th></tr></thead>
          <tbody>
            {newestFirst(info.history).map((r) => {
              const pid = r.paragraphId;
              const p = pid ? paragraphs[pid] : undefined;
              const name = r.paragraphTitle ?? (pid ? p?.title || firstLine(p?.text) || pid : '');
              return (
                <tr key={`${r.startedAt}-${r.outcome}`} data-outcome={r.outcome}>
                  <td>{formatDate(r.startedAt, PARAGRAPH_DATE_FORMAT)}</td>
                  <td>{formatDuration(r.durationMs)}</td>
                  <td>{r.outcome}</td>
                  <td title={r.message}>{name}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ))}
    </>
  );
}

/** `cronExecutingRoles` as typed in the panel: the same reading the scheduler makes of it. */
const rolesText = (raw: unknown): string => roleList(raw).join(', ');

function CronPanel() {
  const dispatch = useAppDispatch();
  const meta = useAppSelector(selectOpenMeta);
  const viewOnly = useAppSelector(selectViewOnly);
  const [expr, setExpr] = useState(meta?.config?.cron ?? '');
  const [user, setUser] = useState(meta?.config?.cronExecutingUser ?? '');
  const [roles, setRoles] = useState(() => rolesText(meta?.config?.cronExecutingRoles));
  const myRoles = useAppSelector((s) => s.session.roles);
  // Stored as the UIs store the ticket's roles: a JSON array in a string. A schedule set without roles runs with
  // the roles of the user who sets it, as Zeppelin's UI does.
  const rolesConfig = (cron: string): string | undefined => {
    const list = roles.split(/[\s,]+/).filter((r) => r !== '');
    if (list.length > 0) return JSON.stringify(list);
    return cron !== '' && myRoles.length > 0 ? JSON.stringify(myRoles) : undefined;
  };
  const save = (cron: string) => {
    setExpr(cron);
    dispatch(notePage.noteConfigChanged({ cron, cronExecutingUser: user || undefined, cronExecutingRoles: rolesConfig(cron) }));
  };
  const enabled = meta?.config?.isZeppelinNotebookCronEnable;
  return (
    <PanelFrame title="Run scheduler" panel="cron">
      {enabled === false && <p role="note">Cron is not enabled on this server for this note.</p>}
      <div className="cron-presets" role="group" aria-label="Presets">
        {CRON_PRESETS.map((p) => (
          <button type="button" key={p.label} aria-pressed={expr === p.cron} title={p.cron || 'No schedule'} disabled={viewOnly} onClick={() => save(p.cron)}>{p.label}</button>
        ))}
      </div>
      <label className="form-field"><span>Cron expression</span>
        <input aria-label="Cron expression" value={expr} disabled={viewOnly} placeholder="0 0/5 * * * ?" onChange={(e) => setExpr(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') save(expr); }} onBlur={() => { if (expr !== (meta?.config?.cron ?? '')) save(expr); }} />
      </label>
      <label className="form-field"><span>Run as</span>
        <input aria-label="Run as" value={user} disabled={viewOnly} onChange={(e) => setUser(e.target.value)}
          onBlur={() => { if (user !== (meta?.config?.cronExecutingUser ?? '')) save(expr); }} />
      </label>
      <label className="form-field"><span>Run with roles</span>
        <input aria-label="Run with roles" value={roles} disabled={viewOnly} placeholder="role1, role2" onChange={(e) => setRoles(e.target.value)}
          onBlur={() => { if (roles !== rolesText(meta?.config?.cronExecutingRoles)) save(expr); }} />
      </label>
      <label className="form-field checkbox">
        <input type="checkbox" checked={meta?.config?.releaseresource === true} disabled={viewOnly}
          onChange={(e) => dispatch(notePage.noteConfigChanged({ releaseresource: e.target.checked }))} />
        <span>Release interpreters after each scheduled run</span>
      </label>
      {meta?.info?.cron && <p role="alert">{meta.info.cron}</p>}
      <CronHistory />
    </PanelFrame>
  );
}

export function NotePanels() {
  const panel = useAppSelector((s) => s.notePage.panel);
  if (panel === 'bindings') return <BindingsPanel />;
  if (panel === 'permissions') return <PermissionsPanel />;
  if (panel === 'cron') return <CronPanel />;
  return null;
}
