/**
 * The value from an earlier render for as long as `key` (a value's content, such as its JSON) stays the same: a
 * config that comes back from the server as a new object with the same content then changes nothing downstream
 * (no new pivot, no new chart data for recharts to take in again).
 */
import { useRef } from 'react';

export function useSameWhileEqual<T>(value: T, key: string): T {
  const kept = useRef<{ key: string; value: T } | null>(null);
  if (kept.current?.key !== key) kept.current = { key, value };
  return kept.current.value;
}
