/**
 * Dynamic forms: TextBox, Password, Select and CheckBox (plus a Number box that keeps only digits, dot and minus).
 * Select and CheckBox changes run the paragraph when "run on selection change" is on; Enter in a text box runs it.
 */
import { useState } from 'react';
import type { FormInput, FormParams } from '../../../protocol';
import { keepNumeric } from '../../../slices/domain/noteModel';

type AnyForm = FormInput | { type: 'Number'; name: string; displayName?: string; defaultValue?: string; hidden?: boolean };

export interface FormsProps {
  forms: Record<string, AnyForm>;
  params: FormParams;
  disabled: boolean;
  /** `run` is true when the change should also run (Enter, or a selection with run-on-change). */
  onChange: (name: string, value: string | string[], run: boolean) => void;
  runOnSelectionChange: boolean;
  onRemove?: (name: string) => void;
}

function TextField({ form, value, disabled, onCommit }: { form: AnyForm; value: string; disabled: boolean; onCommit: (v: string, run: boolean) => void }) {
  const [text, setText] = useState(value);
  const [base, setBase] = useState(value);
  // The server's value wins when it changes under us (another user, a re-run).
  if (value !== base) {
    setBase(value);
    setText(value);
  }
  const label = form.displayName || form.name;
  const numeric = form.type === 'Number';
  return (
    <label className="form-field">
      <span>{label}</span>
      <input type={form.type === 'Password' ? 'password' : 'text'} inputMode={numeric ? 'decimal' : undefined} aria-label={label} value={text}
        disabled={disabled} onChange={(e) => setText(numeric ? keepNumeric(e.target.value) : e.target.value)}
        onBlur={() => { if (text !== value) onCommit(text, false); }}
        onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); onCommit(text, true); } }} />
    </label>
  );
}

export function Forms({ forms, params, disabled, onChange, runOnSelectionChange, onRemove }: FormsProps) {
  const list = Object.values(forms).filter((f) => !f.hidden);
  if (list.length === 0) return null;
  return (
    <div className="forms" role="group" aria-label="Forms">
      {list.map((f) => {
        const label = f.displayName || f.name;
        const raw = params[f.name] ?? f.defaultValue ?? (f.type === 'CheckBox' ? [] : '');
        const remove = onRemove && (
          <button type="button" className="form-remove" aria-label={`Remove form ${label}`} onClick={() => onRemove(f.name)}>×</button>
        );
        if (f.type === 'Select') {
          return (
            <label key={f.name} className="form-field">
              <span>{label}</span>
              <select aria-label={label} value={String(raw)} disabled={disabled} onChange={(e) => onChange(f.name, e.target.value, runOnSelectionChange)}>
                {f.options.map((o) => <option key={o.value} value={o.value}>{o.displayName || o.value}</option>)}
              </select>
              {remove}
            </label>
          );
        }
        if (f.type === 'CheckBox') {
          const checked = Array.isArray(raw) ? raw.map(String) : String(raw).split(',').filter(Boolean);
          return (
            <fieldset key={f.name} className="form-field">
              <legend>{label}</legend>
              {f.options.map((o) => (
                <label key={o.value}>
                  <input type="checkbox" checked={checked.includes(o.value)} disabled={disabled}
                    onChange={(e) => onChange(f.name, e.target.checked ? [...checked, o.value] : checked.filter((v) => v !== o.value), runOnSelectionChange)} />
                  {o.displayName || o.value}
                </label>
              ))}
              {remove}
            </fieldset>
          );
        }
        return (
          <div key={f.name} className="form-row">
            <TextField form={f} value={String(raw)} disabled={disabled} onCommit={(v, run) => onChange(f.name, v, run)} />
            {remove}
          </div>
        );
      })}
    </div>
  );
}
