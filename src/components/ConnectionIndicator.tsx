import { useAppSelector } from '../app/hooks';
import { selectConnectionStatus } from '../../slices/connection';

const LABELS = {
  connected: 'WebSocket Connected',
  disconnected: 'WebSocket Disconnected',
  reconnecting: 'Reconnecting…',
  connecting: 'Connecting…',
} as const;

export function ConnectionIndicator() {
  const status = useAppSelector(selectConnectionStatus);
  const label = LABELS[status];
  return (
    <span className={`conn conn-${status}`} role="status" aria-label={label} title={label} data-status={status}>
      <span className="conn-dot" aria-hidden="true" />
      <span className="conn-text">{status === 'connected' ? 'Connected' : label}</span>
    </span>
  );
}
