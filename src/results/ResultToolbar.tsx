/** A result's toolbar: one button per visualisation (built-in modes, then enabled Helium packages) and the settings toggle. */
import type { HeliumMode } from './HeliumVisualization';
import { MODE_LABELS, modesFor } from './modes';
import { Icon } from '../components/Icon';

export function ResultToolbar({ resultType, heliumModes, shownMode, showSettings, optionOpen, onModeChange, onSettingsToggle }: {
  resultType: string;
  heliumModes: readonly HeliumMode[];
  shownMode: string;
  /** Whether the shown mode has settings to open. */
  showSettings: boolean;
  optionOpen: boolean;
  onModeChange(mode: string): void;
  onSettingsToggle(): void;
}) {
  return (
    <div className="result-toolbar">
      <div role="group" aria-label="Visualization" className="btn-group">
        {modesFor(resultType).map((m) => (
          <button type="button" key={m} aria-label={MODE_LABELS[m]} title={MODE_LABELS[m]} aria-pressed={m === shownMode}
            onClick={() => { if (m !== shownMode) onModeChange(m); }}>
            {MODE_LABELS[m]}
          </button>
        ))}
        {heliumModes.map((h) => (
          <button type="button" key={`helium-${h.name}`} aria-label={h.label} title={h.label} aria-pressed={h.name === shownMode}
            data-helium-mode={h.name} onClick={() => { if (h.name !== shownMode) onModeChange(h.name); }}>
            {h.icon ? <i className={h.icon} aria-hidden="true" /> : null}{h.label}
          </button>
        ))}
      </div>
      {showSettings && (
        <button type="button" aria-label="settings" title="settings" aria-expanded={optionOpen}
          onClick={onSettingsToggle}><Icon name="settings" /></button>
      )}
    </div>
  );
}
