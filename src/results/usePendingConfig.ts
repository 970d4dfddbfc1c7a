import { useEffect, useState } from 'react';
import type { GraphConfig, ResultConfig } from './types';

/**
 * The result config a view shows, and how it commits a new graph config. A committed change shows at once and is
 * what the next change builds on, until the paragraph's config comes back (the server's echo or any later update);
 * otherwise a control lags a round trip and a second quick change would be built on the stale config and undo the
 * first. Everything but the graph is passed through as it was saved.
 */
export function usePendingConfig(
  savedConfig: ResultConfig | undefined,
  onConfigChange: (next: ResultConfig) => void,
): [ResultConfig | undefined, (next: GraphConfig) => void] {
  const [pending, setPending] = useState<ResultConfig | null>(null);
  useEffect(() => setPending(null), [savedConfig]);
  const config = pending ?? savedConfig;
  const commit = (next: GraphConfig) => {
    const full = { ...(config ?? {}), graph: next };
    setPending(full);
    onConfigChange(full);
  };
  return [config, commit];
}
