/** `z.put` / `z.get` / `z.remove` from python_runner.py (zeppelin_pool.py), answered from the run's resource pool. */
import { errorMessage } from '../../util/errors';
import type { PoolApi } from '../pool/resourcePool';

export type PoolRequest =
  | { ev: 'pool'; op: 'put'; rid: number; name: string; value?: unknown; table?: string }
  | { ev: 'pool'; op: 'get' | 'remove'; rid: number; name: string };

/** The answer the runner waits for: `found` and the value or table for a get, `error` when refused. */
export function answerPool(req: PoolRequest, pool: PoolApi | undefined): Record<string, unknown> {
  if (!pool) return { error: 'the resource pool is only reachable while a paragraph runs' };
  try {
    if (req.op === 'put') {
      pool.put(req.name, req.table !== undefined ? { kind: 'table', dir: req.table } : { kind: 'value', value: req.value ?? null });
      return {};
    }
    if (req.op === 'remove') return { found: pool.remove(req.name) };
    const entry = pool.get(req.name);
    if (!entry) return { found: false };
    const r = entry.resource;
    return r.kind === 'table' ? { found: true, table: r.dir, text: r.text ?? null } : { found: true, value: r.value };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}
