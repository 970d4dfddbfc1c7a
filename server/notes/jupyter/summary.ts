/**
 * What the import paths need before they know a body is a Jupyter notebook. Kept apart from the converter
 * (import.ts), which brings the markdown renderer with it and is loaded only when a notebook is imported: every
 * server start, and every server test file, would otherwise load it.
 */
import type { JsonObject } from '../../../protocol';

export const isJupyter = (o: JsonObject): boolean => Array.isArray(o.cells);

/** What an import brought in, as the importer is told it. */
export const importSummary = (r: { cells: number; outputs: number }): string =>
  `Imported ${r.cells} cell${r.cells === 1 ? '' : 's'} and ${r.outputs} output${r.outputs === 1 ? '' : 's'}`;
