/**
 * %network results: JSON with nodes, edges, a label → colour map, edge types, a directed flag and a data map per
 * item. Turned into cytoscape elements, plus the layout and zoom constants the graph view uses.
 */
import type { ElementDefinition } from 'cytoscape';

export type NetworkValue = string | number | boolean | null | NetworkValue[] | { [key: string]: NetworkValue };

export interface NetworkNode {
  id: string | number;
  label?: string;
  data?: Record<string, NetworkValue>;
}

export interface NetworkEdge {
  id?: string | number;
  source: string | number;
  target: string | number;
  label?: string;
  data?: Record<string, NetworkValue>;
}

export interface NetworkData {
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  labels: Record<string, string>;
  types: string[];
  directed: boolean;
}

export const LAYOUT_TIMEOUT_MS = 10_000;
export const CHARGE = -120;
export const LINK_DISTANCE = 80;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 10;
/** Labels are drawn only from this zoom on, so an overview stays readable. */
export const LABEL_MIN_SCALE = 1.3;
export const NODE_FONT_SIZE = 10;

export class NetworkParseError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

export function parseNetwork(text: string): NetworkData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new NetworkParseError(`Network result is not JSON: ${(e as Error).message}`);
  }
  if (!isObject(raw)) throw new NetworkParseError('Network result is not an object');
  const nodes = (Array.isArray(raw.nodes) ? raw.nodes : []).filter((n): n is NetworkNode => isObject(n) && isId(n.id));
  const ids = new Set(nodes.map((n) => String(n.id)));
  const edges = (Array.isArray(raw.edges) ? raw.edges : [])
    .filter((e): e is NetworkEdge => isObject(e) && isId(e.source) && isId(e.target))
    .filter((e) => ids.has(String(e.source)) && ids.has(String(e.target)));
  const labels: Record<string, string> = {};
  if (isObject(raw.labels)) for (const [k, v] of Object.entries(raw.labels)) if (typeof v === 'string') labels[k] = v;
  const types = Array.isArray(raw.types) ? raw.types.filter((t): t is string => typeof t === 'string') : [];
  return { nodes, edges, labels, types, directed: raw.directed === true };
}

// A fixed palette for labels the result gives no colour for, so colours stay stable between runs.
const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export function labelColor(data: NetworkData, label: string | undefined): string {
  if (label && data.labels[label]) return data.labels[label];
  const keys = Object.keys(data.labels);
  const i = label ? (keys.includes(label) ? keys.indexOf(label) : [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0)) : 0;
  return PALETTE[Math.abs(i) % PALETTE.length];
}

/** What a node shows as its caption: a name-like data field, else its label, else its id. */
export function nodeCaption(n: NetworkNode): string {
  const d = n.data ?? {};
  for (const k of ['name', 'title', 'label']) if (typeof d[k] === 'string' || typeof d[k] === 'number') return String(d[k]);
  return n.label ?? String(n.id);
}

export function toElements(data: NetworkData): ElementDefinition[] {
  const out: ElementDefinition[] = data.nodes.map((n) => ({
    group: 'nodes',
    data: { id: String(n.id), label: nodeCaption(n), type: n.label ?? '', color: labelColor(data, n.label) },
  }));
  data.edges.forEach((e, i) => {
    out.push({
      group: 'edges',
      data: { id: e.id !== undefined ? `e:${e.id}` : `e#${i}`, source: String(e.source), target: String(e.target), label: e.label ?? '' },
    });
  });
  return out;
}

/** The properties shown for a selected node or edge. */
export function itemProperties(data: NetworkData, kind: 'node' | 'edge', id: string): { title: string; rows: [string, string][] } | null {
  const show = (v: NetworkValue | undefined) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? ''));
  if (kind === 'node') {
    const n = data.nodes.find((x) => String(x.id) === id);
    if (!n) return null;
    return { title: nodeCaption(n), rows: [['id', String(n.id)], ['label', n.label ?? ''], ...Object.entries(n.data ?? {}).map(([k, v]) => [k, show(v)] as [string, string])] };
  }
  const e = data.edges.find((x, i) => (x.id !== undefined ? `e:${x.id}` : `e#${i}`) === id);
  if (!e) return null;
  return {
    title: e.label ?? `${e.source} → ${e.target}`,
    rows: [['source', String(e.source)], ['target', String(e.target)], ['label', e.label ?? ''], ...Object.entries(e.data ?? {}).map(([k, v]) => [k, show(v)] as [string, string])],
  };
}

/** Nodes of a network as table rows (id, label, then every data key), for the table mode. */
export function nodesTable(data: NetworkData): { names: string[]; rows: (string | number)[][] } {
  const keys: string[] = [];
  for (const n of data.nodes) for (const k of Object.keys(n.data ?? {})) if (!keys.includes(k)) keys.push(k);
  const cell = (v: NetworkValue | undefined): string | number => (typeof v === 'number' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? ''));
  return {
    names: ['id', 'label', ...keys],
    rows: data.nodes.map((n) => [typeof n.id === 'number' ? n.id : String(n.id), n.label ?? '', ...keys.map((k) => cell(n.data?.[k]))]),
  };
}
