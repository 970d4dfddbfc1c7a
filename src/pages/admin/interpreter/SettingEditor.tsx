import { useState } from 'react';
import type { InterpreterOption, RunMode } from '../../../../protocol';
import {
  defaultOption, runningScope, type DependencyRow, type PropertyRow, type SettingForm,
} from '../../../../slices/adminInterpreters';

/** One property value, with the input its type calls for. */
export function PropertyValueInput({ row, onChange }: { row: PropertyRow; onChange: (v: PropertyRow['value']) => void }) {
  const label = `Value of ${row.name || 'new property'}`;
  switch (row.type) {
    case 'textarea':
      return <textarea aria-label={label} value={String(row.value ?? '')} rows={2} onChange={(e) => onChange(e.target.value)} />;
    case 'checkbox':
      return <input aria-label={label} type="checkbox" checked={row.value === true || row.value === 'true'} onChange={(e) => onChange(e.target.checked)} />;
    case 'number':
      return <input aria-label={label} type="number" value={String(row.value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    case 'url':
      return <input aria-label={label} type="url" value={String(row.value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    case 'password':
      return <input aria-label={label} type="password" autoComplete="new-password" value={String(row.value ?? '')} onChange={(e) => onChange(e.target.value)} />;
    default:
      return <input aria-label={label} type="text" value={String(row.value ?? '')} onChange={(e) => onChange(e.target.value)} />;
  }
}

const MODES: RunMode[] = ['shared', 'scoped', 'isolated'];

/** Globally / Per Note / Per User, the mode, impersonation and the owners of the permission option. */
export function OptionEditor({ option, onChange }: { option: InterpreterOption; onChange: (o: InterpreterOption) => void }) {
  const scope = runningScope(option);
  const mode: RunMode = (scope === 'Per User' ? option.perUser : scope === 'Per Note' ? option.perNote : 'shared') ?? 'shared';
  const setScope = (next: string, nextMode: RunMode): void => {
    const m = next === 'Globally' ? 'shared' : nextMode === 'shared' && next !== scope ? 'scoped' : nextMode;
    onChange({
      ...option,
      perNote: next === 'Per Note' ? m : 'shared',
      perUser: next === 'Per User' ? m : 'shared',
      isUserImpersonate: next === 'Per User' ? option.isUserImpersonate : false,
    });
  };
  return (
    <fieldset className="interpreter-option">
      <legend>Option</legend>
      <label>The interpreter will be instantiated{' '}
        <select aria-label="Instantiation" value={scope} onChange={(e) => setScope(e.target.value, mode)}>
          <option>Globally</option><option>Per Note</option><option>Per User</option>
        </select>
      </label>
      {' in '}
      <select aria-label="Process mode" value={mode} disabled={scope === 'Globally'} onChange={(e) => setScope(scope, e.target.value as RunMode)}>
        {MODES.map((m) => <option key={m} value={m}>{m}</option>)}
      </select>
      {' process'}
      {scope === 'Per User' && (
        <label><input type="checkbox" checked={option.isUserImpersonate === true} onChange={(e) => onChange({ ...option, isUserImpersonate: e.target.checked })} /> User Impersonate</label>
      )}
      <label><input type="checkbox" checked={option.isExistingProcess === true} onChange={(e) => onChange({ ...option, isExistingProcess: e.target.checked })} /> Connect to existing process</label>
      <label><input type="checkbox" checked={option.setPermission === true} onChange={(e) => onChange({ ...option, setPermission: e.target.checked })} /> Set permission</label>
      {option.setPermission && (
        <label>Owners
          <input aria-label="Owners" placeholder="user or role names, comma-separated" value={(option.owners ?? []).join(', ')}
            onChange={(e) => onChange({ ...option, owners: e.target.value.split(',').map((x) => x.trim()).filter((x, i, all) => x !== '' || i === all.length - 1) })} />
        </label>
      )}
    </fieldset>
  );
}

const emptyProperty = (): PropertyRow => ({ name: '', value: '', type: 'string' });
const emptyDependency = (): DependencyRow => ({ groupArtifactVersion: '', exclusions: '' });

/**
 * Properties, dependencies and option of a setting, used by the create form and the editor. The pending rows
 * travel with the submitted form: the saga adds them (spec: "added automatically on submit").
 */
export function SettingFields({ form, types, onChange }: { form: SettingForm; types: string[]; onChange: (f: SettingForm) => void }) {
  const [pendingProperty, setPendingProperty] = useState<PropertyRow>(form.pendingProperty ?? emptyProperty());
  const [pendingDependency, setPendingDependency] = useState<DependencyRow>(form.pendingDependency ?? emptyDependency());
  const change = (f: Partial<SettingForm>): void => onChange({ ...form, pendingProperty, pendingDependency, ...f });
  const setProperty = (i: number, row: PropertyRow): void => change({ properties: form.properties.map((p, j) => (j === i ? row : p)) });
  return (
    <>
      <OptionEditor option={form.option ?? defaultOption()} onChange={(option) => change({ option })} />
      <h3>Properties</h3>
      <table className="admin-table" aria-label="Properties">
        <thead><tr><th>name</th><th>value</th><th>type</th><th>action</th></tr></thead>
        <tbody>
          {form.properties.map((p, i) => (
            <tr key={p.name} aria-label={p.name}>
              <td title={p.description}>{p.name}</td>
              <td><PropertyValueInput row={p} onChange={(value) => setProperty(i, { ...p, value })} /></td>
              <td>
                <select aria-label={`Type of ${p.name}`} value={p.type} onChange={(e) => setProperty(i, { ...p, type: e.target.value, value: e.target.value === 'checkbox' ? false : String(p.value) })}>
                  {types.map((t) => <option key={t}>{t}</option>)}
                </select>
              </td>
              <td><button type="button" aria-label={`Remove property ${p.name}`} onClick={() => change({ properties: form.properties.filter((_, j) => j !== i) })}>Remove</button></td>
            </tr>
          ))}
          <tr>
            <td><input aria-label="New property name" placeholder="name" value={pendingProperty.name} onChange={(e) => { const v = { ...pendingProperty, name: e.target.value }; setPendingProperty(v); onChange({ ...form, pendingProperty: v, pendingDependency }); }} /></td>
            <td><PropertyValueInput row={pendingProperty} onChange={(value) => { const v = { ...pendingProperty, value }; setPendingProperty(v); onChange({ ...form, pendingProperty: v, pendingDependency }); }} /></td>
            <td>
              <select aria-label="New property type" value={pendingProperty.type} onChange={(e) => { const v = { ...pendingProperty, type: e.target.value, value: e.target.value === 'checkbox' ? false : '' }; setPendingProperty(v); onChange({ ...form, pendingProperty: v, pendingDependency }); }}>
                {types.map((t) => <option key={t}>{t}</option>)}
              </select>
            </td>
            <td>
              <button type="button" aria-label="Add property" disabled={!pendingProperty.name.trim() || form.properties.some((p) => p.name === pendingProperty.name.trim())}
                onClick={() => { setPendingProperty(emptyProperty()); onChange({ ...form, properties: [...form.properties, { ...pendingProperty, name: pendingProperty.name.trim() }], pendingProperty: undefined, pendingDependency }); }}>Add</button>
            </td>
          </tr>
        </tbody>
      </table>
      <h3>Dependencies</h3>
      <table className="admin-table" aria-label="Dependencies">
        <thead><tr><th>artifact</th><th>exclude</th><th>action</th></tr></thead>
        <tbody>
          {form.dependencies.map((d, i) => (
            <tr key={i}>
              <td>{d.groupArtifactVersion}</td>
              <td><input aria-label={`Exclusions of ${d.groupArtifactVersion}`} value={d.exclusions} onChange={(e) => change({ dependencies: form.dependencies.map((x, j) => (j === i ? { ...x, exclusions: e.target.value } : x)) })} /></td>
              <td><button type="button" aria-label={`Remove dependency ${d.groupArtifactVersion}`} onClick={() => change({ dependencies: form.dependencies.filter((_, j) => j !== i) })}>Remove</button></td>
            </tr>
          ))}
          <tr>
            <td><input aria-label="New dependency artifact" placeholder="groupId:artifactId:version or local file path" value={pendingDependency.groupArtifactVersion}
              onChange={(e) => { const v = { ...pendingDependency, groupArtifactVersion: e.target.value }; setPendingDependency(v); onChange({ ...form, pendingProperty, pendingDependency: v }); }} /></td>
            <td><input aria-label="New dependency exclusions" placeholder="groupId:artifactId, ..." value={pendingDependency.exclusions}
              onChange={(e) => { const v = { ...pendingDependency, exclusions: e.target.value }; setPendingDependency(v); onChange({ ...form, pendingProperty, pendingDependency: v }); }} /></td>
            <td>
              <button type="button" aria-label="Add dependency" disabled={!pendingDependency.groupArtifactVersion.trim()}
                onClick={() => { setPendingDependency(emptyDependency()); onChange({ ...form, dependencies: [...form.dependencies, { ...pendingDependency, groupArtifactVersion: pendingDependency.groupArtifactVersion.trim() }], pendingProperty, pendingDependency: undefined }); }}>Add</button>
            </td>
          </tr>
        </tbody>
      </table>
    </>
  );
}
