/**
 * Key order as Gson writes notes and paragraphs (subclass fields first, PROTOCOL 4.2). Adding a key that a stored
 * object lacks puts it where Zeppelin would, so a file we change still diffs cleanly against one Zeppelin wrote.
 */
export const NOTE_ORDER = [
  'paragraphs', 'name', 'id', 'defaultInterpreterGroup', 'version', 'noteParams', 'noteForms', 'angularObjects', 'config', 'info',
] as const;

export const PARAGRAPH_ORDER = [
  'title', 'text', 'user', 'dateUpdated', 'progress', 'config', 'settings', 'results', 'apps', 'runtimeInfos',
  'progressUpdateIntervalMs', 'jobName', 'id', 'dateCreated', 'dateStarted', 'dateFinished', 'status', 'errorMessage',
] as const;

/** Sets `key`, inserting it (in place) before the first later-ordered key that exists; unknown keys stay put. */
export function setOrdered<T extends object>(obj: T, key: string, value: unknown, order: readonly string[]): void {
  const target = obj as Record<string, unknown>;
  if (key in target || !order.includes(key)) {
    target[key] = value;
    return;
  }
  const rank = order.indexOf(key);
  const keys = Object.keys(target);
  const cut = keys.findIndex((k) => order.indexOf(k) > rank);
  if (cut < 0) {
    target[key] = value;
    return;
  }
  const tail = keys.slice(cut).map((k) => [k, target[k]] as const);
  for (const [k] of tail) delete target[k];
  target[key] = value;
  for (const [k, v] of tail) target[k] = v;
}
