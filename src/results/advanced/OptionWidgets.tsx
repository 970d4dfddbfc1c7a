/**
 * Editors for declared parameters. Text inputs save on Enter and textareas on Shift+Enter (a plain Enter there is
 * a newline); checkboxes, selects and button groups save at once.
 */
import { useState } from 'react';
import { paramText, parseParam, type OptionSpec, type ParamValue } from './transformation';

interface Props {
  spec: OptionSpec;
  value: ParamValue | undefined;
  onSave(name: string, value: ParamValue): void;
}

function TextOption({ spec, value, onSave, multiline }: Props & { multiline: boolean }) {
  const [draft, setDraft] = useState(() => paramText(value, spec));
  const label = spec.description ?? spec.name;
  const save = () => onSave(spec.name, parseParam(draft, spec));
  if (multiline) {
    return (
      <textarea aria-label={label} value={draft} onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter' && e.shiftKey) { e.preventDefault(); save(); } }} />
    );
  }
  return (
    <input type="text" aria-label={label} value={draft} onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); save(); } }} />
  );
}

export function OptionWidget({ spec, value, onSave }: Props) {
  const label = spec.description ?? spec.name;
  switch (spec.widget) {
    case 'checkbox':
      return (
        <label className="result-option">
          <input type="checkbox" checked={value === true} onChange={(e) => onSave(spec.name, parseParam(e.target.checked, spec))} />
          {' '}{label}
        </label>
      );
    case 'option':
      return (
        <label className="result-option">
          {label}{' '}
          <select value={paramText(value, spec)} onChange={(e) => onSave(spec.name, parseParam(e.target.value, spec))}>
            {(spec.optionValues ?? []).map((o) => <option key={o} value={o}>{o}</option>)}
          </select>
        </label>
      );
    case 'btn-group':
      return (
        <div role="group" aria-label={label} className="result-option btn-group">
          {(spec.optionValues ?? []).map((o) => (
            <button type="button" key={o} aria-pressed={paramText(value, spec) === o} onClick={() => onSave(spec.name, parseParam(o, spec))}>{o}</button>
          ))}
        </div>
      );
    case 'textarea':
      return <label className="result-option">{label}<TextOption spec={spec} value={value} onSave={onSave} multiline /></label>;
    default:
      return <label className="result-option">{label}<TextOption spec={spec} value={value} onSave={onSave} multiline={false} /></label>;
  }
}

export function OptionPanel({ specs, values, onSave }: { specs: readonly OptionSpec[]; values: Record<string, ParamValue>; onSave: Props['onSave'] }) {
  return (
    <div className="result-options">
      {specs.map((s) => <OptionWidget key={`${s.name}:${paramText(values[s.name], s)}`} spec={s} value={values[s.name]} onSave={onSave} />)}
    </div>
  );
}
