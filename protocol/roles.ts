/**
 * Role lists as Zeppelin carries them. The ticket's `roles` and the UIs' `cronExecutingRoles` are a JSON array
 * inside a string; a hand-written note config may hold a plain comma list instead.
 */

/** An array, or a JSON array in a string; `null` for anything else. */
export function jsonRoles(raw: unknown): string[] | null {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : null;
}

/** Lenient: the JSON forms, else a comma list; empty for anything else. */
export function roleList(raw: unknown): string[] {
  const roles = jsonRoles(raw);
  if (roles) return roles;
  return typeof raw === 'string' ? raw.split(',').map((r) => r.trim()).filter((r) => r !== '') : [];
}
