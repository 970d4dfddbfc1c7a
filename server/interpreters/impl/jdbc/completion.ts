/**
 * Completion for `%jdbc` from the database's catalog: after `schema.` the schema's tables, after `table.` (or
 * `schema.table.`) its columns, otherwise schemas, tables, columns and SQL keywords starting with the typed word.
 */
import type { Completion } from '../../types';
import type { CatalogEntry } from './driver';

const KEYWORDS = [
  'SELECT', 'FROM', 'WHERE', 'GROUP BY', 'ORDER BY', 'HAVING', 'LIMIT', 'OFFSET', 'JOIN', 'LEFT JOIN', 'RIGHT JOIN', 'INNER JOIN',
  'FULL JOIN', 'CROSS JOIN', 'ON', 'USING', 'AS', 'DISTINCT', 'COUNT', 'SUM', 'AVG', 'MIN', 'MAX', 'COALESCE', 'CAST', 'AND', 'OR',
  'NOT', 'NULL', 'IS', 'IN', 'EXISTS', 'LIKE', 'BETWEEN', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'CREATE', 'TABLE', 'VIEW', 'INDEX',
  'INSERT', 'INTO', 'VALUES', 'UPDATE', 'SET', 'DELETE', 'DROP', 'ALTER', 'TRUNCATE', 'WITH', 'UNION', 'ALL', 'EXCEPT', 'INTERSECT',
  'EXPLAIN', 'SHOW', 'DESCRIBE', 'BEGIN', 'COMMIT', 'ROLLBACK', 'GRANT', 'REVOKE',
];

/** At most this many suggestions go back; a large catalog is narrowed by typing. */
const MAX_SUGGESTIONS = 1000;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const unquote = (s: string): string => s.replace(/^["`]|["`]$/g, '');

export function completeFromCatalog(catalog: readonly CatalogEntry[], script: string, cursor: number): Completion[] {
  const word = /(?:["`]?[\w$]+["`]?\.)*["`]?[\w$]*$/.exec(script.slice(0, cursor))?.[0] ?? '';
  const parts = word.split('.').map(unquote);
  const prefix = parts.pop()?.toLowerCase() ?? '';
  const out: Completion[] = [];
  const seen = new Set<string>();
  const add = (name: string | undefined, meta: string): void => {
    if (!name || out.length >= MAX_SUGGESTIONS || !name.toLowerCase().startsWith(prefix) || seen.has(`${meta}:${name}`)) return;
    seen.add(`${meta}:${name}`);
    out.push({ name, value: name, meta });
  };
  if (parts.length > 0) {
    const last = parts[parts.length - 1];
    const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
    for (const e of catalog) {
      if (!e.table) continue;
      if (parts.length === 1 && same(e.schema, last)) add(e.table, 'table');
      if (same(e.table, last) && (schema === undefined || same(e.schema, schema))) add(e.column, 'column');
    }
    return out;
  }
  for (const e of catalog) if (!e.table) add(e.schema, 'schema');
  for (const e of catalog) add(e.table, 'table');
  for (const e of catalog) add(e.column, 'column');
  for (const k of KEYWORDS) add(k, 'keyword');
  return out;
}
