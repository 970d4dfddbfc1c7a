import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { InterpreterSetting } from '../../../../protocol';
import {
  adminInterpreters, DEFAULT_REPOSITORIES, defaultOption, docsLinks, emptyRepositoryForm, formOf, INTERPRETER_TEXT, runningScope,
  selectAdminInterpreters, selectVisibleSettings, type InterpreterConfirm, type InterpreterTemplate, type RepositoryForm, type SettingForm,
} from '../../../../slices/adminInterpreters';
import { selectServerVersion } from '../../../../slices/server';
import { ConfirmDialog, ErrorDialog, LoadState } from '../ConfirmDialog';
import { Modal } from '../../../components/Modal';
import { SettingFields } from './SettingEditor';
import '../admin.css';

const emptyForm = (): SettingForm => ({ name: '', group: '', properties: [], dependencies: [], option: defaultOption() });

function formForGroup(form: SettingForm, template: InterpreterTemplate | undefined): SettingForm {
  const properties = Object.entries(template?.properties ?? {}).map(([name, p]) => ({ name, value: p.defaultValue, type: p.type || 'string', description: p.description }));
  return { ...form, group: template?.group ?? '', properties };
}

function CreateForm() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectAdminInterpreters);
  const [form, setForm] = useState<SettingForm>(emptyForm);
  return (
    <form className="admin-form interpreter-create" aria-label="Create new interpreter" onSubmit={(e) => {
      e.preventDefault();
      dispatch(adminInterpreters.createSubmitted(form));
    }}>
      <h2>Create new interpreter</h2>
      <label>Interpreter Name<input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} /></label>
      <label>Interpreter group
        <select value={form.group} onChange={(e) => setForm(formForGroup(form, s.templates.find((t) => t.group === e.target.value)))}>
          <option value="">Choose a group</option>
          {s.templates.map((t) => <option key={t.group} value={t.group}>{t.group}</option>)}
        </select>
      </label>
      {/* The group decides the property rows, so the fields restart when it changes. */}
      <SettingFields key={form.group} form={form} types={s.propertyTypes} onChange={setForm} />
      {s.createError && <p role="alert" className="admin-error">{s.createError}</p>}
      <div className="admin-actions">
        <button type="submit" className="btn-primary" disabled={s.saving}>Save</button>
        <button type="button" onClick={() => dispatch(adminInterpreters.createToggled())}>Cancel</button>
      </div>
    </form>
  );
}

function SettingEditorCard({ setting }: { setting: InterpreterSetting }) {
  const dispatch = useAppDispatch();
  const { propertyTypes } = useAppSelector(selectAdminInterpreters);
  const [form, setForm] = useState<SettingForm>(() => formOf(setting));
  return (
    <form aria-label={`Edit ${setting.name}`} onSubmit={(e) => {
      e.preventDefault();
      dispatch(adminInterpreters.updateRequested({ id: setting.id, form }));
    }}>
      <SettingFields form={form} types={propertyTypes} onChange={setForm} />
      <div className="admin-actions">
        <button type="submit" className="btn-primary">Save</button>
        <button type="button" onClick={() => dispatch(adminInterpreters.editCancelled())}>Cancel</button>
      </div>
    </form>
  );
}

const shownValue = (type: string, value: unknown): string => (type === 'password' ? '***' : String(value ?? ''));

function SettingView({ setting }: { setting: InterpreterSetting }) {
  const scope = runningScope(setting.option);
  const mode = scope === 'Per User' ? setting.option.perUser : scope === 'Per Note' ? setting.option.perNote : 'shared';
  return (
    <>
      <p className="admin-muted">Option: the interpreter will be instantiated <strong>{scope}</strong> in <strong>{mode}</strong> process
        {setting.option.isUserImpersonate ? ', impersonating the user' : ''}
        {setting.option.setPermission ? `; owners: ${(setting.option.owners ?? []).join(', ') || 'everyone'}` : ''}.
      </p>
      <table className="admin-table" aria-label={`Properties of ${setting.name}`}>
        <thead><tr><th>name</th><th>value</th><th>description</th></tr></thead>
        <tbody>
          {Object.entries(setting.properties).map(([k, p]) => (
            <tr key={k}><td>{k}</td><td className="interpreter-value">{shownValue(p.type, p.value)}</td><td>{p.description ?? ''}</td></tr>
          ))}
        </tbody>
      </table>
      {setting.dependencies.length > 0 && (
        <table className="admin-table" aria-label={`Dependencies of ${setting.name}`}>
          <thead><tr><th>artifact</th><th>exclude</th></tr></thead>
          <tbody>{setting.dependencies.map((d) => <tr key={d.groupArtifactVersion}><td>{d.groupArtifactVersion}</td><td>{(d.exclusions ?? []).join(', ')}</td></tr>)}</tbody>
        </table>
      )}
    </>
  );
}

/** The first python3 on the server's PATH often lacks what z.show and plots need; a run that misses a module says so too. */
const PYTHON_HINT = 'z.show(df) and plots need pandas and matplotlib installed for the Python named in zeppelin.python (by default the '
  + "first python3 on the server's PATH). Install them for that Python, or set zeppelin.python to one that has them: on Debian, "
  + '/usr/bin/python3 with the python3-pandas and python3-matplotlib packages.';

function SettingCard({ setting, editing }: { setting: InterpreterSetting; editing: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <section className="interpreter-setting" aria-label={setting.name}>
      <header className="admin-row">
        <h2>{setting.name} <small>%{setting.group}</small></h2>
        {setting.status && setting.status !== 'READY' && <span className={`interpreter-status status-${setting.status}`} title={setting.errorReason}>{setting.status}</span>}
        {!editing && (
          <span className="admin-actions">
            <button type="button" aria-label={`Edit ${setting.name}`} onClick={() => dispatch(adminInterpreters.editStarted(setting.id))}>Edit</button>
            <button type="button" aria-label={`Restart ${setting.name}`} onClick={() => dispatch(adminInterpreters.restartRequested(setting.id))}>Restart</button>
            <button type="button" aria-label={`Remove ${setting.name}`} onClick={() => dispatch(adminInterpreters.removeRequested(setting.id))}>Remove</button>
          </span>
        )}
      </header>
      {setting.group === 'python' && <p className="hint interpreter-hint">{PYTHON_HINT}</p>}
      {editing ? <SettingEditorCard setting={setting} /> : <SettingView setting={setting} />}
    </section>
  );
}

function RepositoryAdd() {
  const dispatch = useAppDispatch();
  const { repositoryError } = useAppSelector(selectAdminInterpreters);
  const [f, setF] = useState<RepositoryForm>(emptyRepositoryForm);
  const field = (label: string, key: keyof RepositoryForm, type = 'text') => (
    <label>{label}<input type={type} value={String(f[key])} autoComplete={type === 'password' ? 'new-password' : 'off'} onChange={(e) => setF({ ...f, [key]: e.target.value })} /></label>
  );
  return (
    <Modal title="Add New Repository" onClose={() => dispatch(adminInterpreters.repositoryAddToggled())}
      footer={<>
        <button type="button" onClick={() => dispatch(adminInterpreters.repositoryAddToggled())}>Cancel</button>
        <button type="button" className="btn-primary" onClick={() => dispatch(adminInterpreters.repositoryAddSubmitted(f))}>Add</button>
      </>}>
      <div className="admin-form">
        {field('ID', 'id')}
        {field('URL', 'url')}
        <label><input type="checkbox" checked={f.snapshot} onChange={(e) => setF({ ...f, snapshot: e.target.checked })} /> Snapshot</label>
        {field('Username', 'username')}
        {field('Password', 'password', 'password')}
        <label>Proxy Protocol
          <select value={f.proxyProtocol} onChange={(e) => setF({ ...f, proxyProtocol: e.target.value })}><option>HTTP</option><option>HTTPS</option></select>
        </label>
        {field('Proxy Host', 'proxyHost')}
        {field('Proxy Port', 'proxyPort')}
        {field('Proxy Login', 'proxyLogin')}
        {field('Proxy Password', 'proxyPassword', 'password')}
        {repositoryError && <p role="alert" className="admin-error">{repositoryError}</p>}
      </div>
    </Modal>
  );
}

function Repositories() {
  const dispatch = useAppDispatch();
  const { repositories, repositoryAddOpen } = useAppSelector(selectAdminInterpreters);
  return (
    <section aria-label="Repositories" className="interpreter-repositories">
      <h2>Repositories</h2>
      <ul className="admin-list">
        {repositories.map((r) => (
          <li key={r.id} aria-label={r.id}>
            <strong>{r.id}</strong> <span className="admin-muted">{r.url}{r.snapshotPolicy?.enabled ? ' (snapshot)' : ''}{r.proxy?.host ? ` via ${r.proxy.type ?? 'HTTP'} proxy ${r.proxy.host}:${r.proxy.port ?? ''}` : ''}</span>
            {!DEFAULT_REPOSITORIES.includes(r.id) && (
              <button type="button" aria-label={`Delete repository ${r.id}`} onClick={() => dispatch(adminInterpreters.repositoryRemoveRequested(r.id))}>Delete</button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => dispatch(adminInterpreters.repositoryAddToggled())}>Add repository</button>
      {repositoryAddOpen && <RepositoryAdd />}
    </section>
  );
}

const CONFIRM_TEXT: Record<InterpreterConfirm['kind'], { title: string; text: string; verb: string }> = {
  remove: { title: 'Remove interpreter', text: INTERPRETER_TEXT.confirmRemove, verb: 'Remove' },
  restart: { title: 'Restart interpreter', text: INTERPRETER_TEXT.confirmRestart, verb: 'Restart' },
  update: { title: 'Update interpreter', text: INTERPRETER_TEXT.confirmUpdate, verb: 'Save' },
  removeRepository: { title: 'Delete repository', text: INTERPRETER_TEXT.confirmRemoveRepository, verb: 'Delete' },
};

export function InterpreterPage() {
  const dispatch = useAppDispatch();
  const s = useAppSelector(selectAdminInterpreters);
  const version = useAppSelector(selectServerVersion);
  const links = docsLinks(version);
  const shown = useAppSelector(selectVisibleSettings);
  const confirm = s.confirm;
  return (
    <main className="page admin interpreter">
      <h1>Interpreters</h1>
      <p className="admin-muted">
        Manage interpreter settings. See the <a href={links.interpreters} target="_blank" rel="noreferrer">interpreter documentation</a> and
        how to use credentials with <a href={links.datasourceAuthorization} target="_blank" rel="noreferrer">data source authorization</a>.
      </p>
      <div className="admin-row">
        <input type="search" aria-label="Search interpreters" placeholder="Search interpreters" value={s.search} onChange={(e) => dispatch(adminInterpreters.searchChanged(e.target.value))} />
        {!s.createOpen && <button type="button" onClick={() => dispatch(adminInterpreters.createToggled())}>Create</button>}
      </div>
      {s.createOpen && <CreateForm key={s.createFormKey} />}
      <LoadState status={s.status} what="interpreter settings" />
      {s.status === 'loaded' && shown.length === 0 && <p>No interpreter settings match.</p>}
      {shown.map((x) => <SettingCard key={x.id} setting={x} editing={s.editing === x.id} />)}
      {s.status === 'loaded' && <Repositories />}
      {confirm && (
        <ConfirmDialog title={CONFIRM_TEXT[confirm.kind].title} text={CONFIRM_TEXT[confirm.kind].text} verb={CONFIRM_TEXT[confirm.kind].verb}
          onConfirm={() => dispatch(adminInterpreters.confirmAccepted(confirm))} onCancel={() => dispatch(adminInterpreters.confirmCancelled())} />
      )}
      {s.errorDialog && <ErrorDialog title={s.errorDialog.title} message={s.errorDialog.message} onClose={() => dispatch(adminInterpreters.errorDialogClosed())} />}
    </main>
  );
}
