import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { adminHelium, configText, type ConfigPanel as Panel } from '../../../../slices/adminHelium';

/** The open config panel: one text field per spec entry, converted by type when saved (saving closes it). */
export function ConfigPanel({ name, panel }: { name: string; panel: Panel }) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(panel.spec).map(([k, f]) => [k, configText(f, panel.persisted[k])])));
  const keys = Object.keys(panel.spec);
  return (
    <form className="admin-form" aria-label={`Configuration of ${name}`} onSubmit={(e) => {
      e.preventDefault();
      dispatch(adminHelium.configSaveSubmitted({ name, artifact: panel.artifact, values }));
    }}>
      {keys.length === 0 && <p>This package has no settings.</p>}
      {keys.map((k) => (
        <label key={k} title={panel.spec[k].description}>{k} ({panel.spec[k].type ?? 'string'})
          <input value={values[k] ?? ''} onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
        </label>
      ))}
      <button type="submit" className="btn-primary">Save</button>
      <button type="button" onClick={() => dispatch(adminHelium.configClosed(name))}>Cancel</button>
    </form>
  );
}
