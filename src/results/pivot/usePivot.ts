/**
 * A chart's pivot of its table: from the table worker for a large table, so the page's thread never folds a quarter
 * of a million rows; computed here for a small one (or when the worker fails). Null until the worker answers.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RemoteTable } from '../table/tableWorker';
import { pivot, type CellSource, type PivotConfig, type PivotResult } from './pivot';

export function usePivot(source: CellSource | null, config: PivotConfig | null, remote: RemoteTable | undefined): PivotResult | null {
  const local = useMemo(() => (!remote && source && config ? pivot(source, config) : null), [remote, source, config]);
  const [answered, setAnswered] = useState<{ source: CellSource; config: PivotConfig; pivot: PivotResult } | null>(null);
  useEffect(() => {
    if (!remote || !source || !config) return;
    let live = true;
    const settle = (p: PivotResult) => { if (live) setAnswered({ source, config, pivot: p }); };
    remote.pivot(config).then(settle, () => settle(pivot(source, config)));
    return () => { live = false; };
  }, [remote, source, config]);
  if (!remote) return local;
  return answered && answered.source === source && answered.config === config ? answered.pivot : null;
}
