/** The page-side bundle API, and the shipped packages' bundles run against it as the browser would. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHeliumRegistry, installHeliumGlobal, type HeliumApi } from '../../sagas/heliumRegistry';

const PACKAGES = join(__dirname, '..', '..', 'helium-packages');

function runBundle(file: string, api: HeliumApi): void {
  const w = window as unknown as { zeppelinHelium?: HeliumApi };
  w.zeppelinHelium = api;
  try {
    // Bundles are plain scripts reading window.zeppelinHelium, exactly what the page's <script> runs.
    new Function(readFileSync(join(PACKAGES, file), 'utf8'))();
  } finally {
    delete w.zeppelinHelium;
  }
}

test('registrations are validated, replace earlier ones by name, and notify listeners', () => {
  const r = createHeliumRegistry();
  const seen: number[] = [];
  r.subscribe(() => seen.push(r.visualizations().length + r.spells().length));
  expect(() => r.registerVisualization({ name: '', label: 'x', render: () => undefined })).toThrow(TypeError);
  expect(() => r.registerSpell({ name: 's', magic: 'nope', interpret: () => [] })).toThrow(/%x/);
  r.registerVisualization({ name: 'v', label: 'V1', render: () => undefined });
  r.registerVisualization({ name: 'v', label: 'V2', render: () => undefined });
  r.registerSpell({ name: 's', magic: '%s', interpret: () => [] });
  expect(r.visualizations().map((v) => v.label)).toEqual(['V2']);
  expect(r.spellFor('  %s hello')?.name).toBe('s');
  expect(r.spellFor('%other')).toBeUndefined();
  expect(seen).toEqual([1, 1, 2]);
});

test('installHeliumGlobal keeps an existing API', () => {
  const target: { zeppelinHelium?: HeliumApi } = {};
  const first = installHeliumGlobal(createHeliumRegistry(), target);
  expect(installHeliumGlobal(createHeliumRegistry(), target)).toBe(first);
  expect(first.apiVersion).toBe(1);
});

test('the shipped heat map draws a shaded table from a result and honours its config', () => {
  const r = createHeliumRegistry();
  runBundle('zeppelin-heatmap/heatmap.js', r);
  const [heat] = r.visualizations();
  expect([heat.name, heat.label]).toEqual(['zeppelin-heatmap', 'Heat Map']);
  const box = document.createElement('div');
  const cleanup = heat.render(box, { columns: ['city', 'pop', 'note'], rows: [['a', '10', 'x'], ['b', '30', 'y'], ['<img src=x>', '20', 'z']] }, { maxCells: 2 });
  const table = box.querySelector('table[aria-label="Heat map"]') as HTMLTableElement;
  expect([...table.tHead!.rows[0].cells].map((c) => c.textContent)).toEqual(['city', 'pop']);
  expect([...table.tBodies[0].rows].map((row) => row.cells[0].textContent)).toEqual(['a', 'b']);
  expect(table.tBodies[0].rows[1].cells[1].style.background).not.toBe('');
  expect(box.querySelector('img')).toBeNull();
  if (typeof cleanup === 'function') cleanup();
  expect(box.textContent).toBe('');
});

test('the shipped %wordcount spell answers a table of counts', async () => {
  const r = createHeliumRegistry();
  runBundle('zeppelin-wordcount/wordcount.js', r);
  const spell = r.spellFor('%wordcount the cat and the hat');
  expect(spell?.name).toBe('zeppelin-wordcount');
  const out = await spell!.interpret('the cat\nand the hat', { top: 1 });
  expect(out).toEqual([{ type: 'TABLE', data: 'metric\tcount\nlines\t2\nwords\t5\ncharacters\t19\n"the"\t2' }]);
});

test('every shipped descriptor names an existing bundle and a config spec of known types', () => {
  const files = ['zeppelin-heatmap/heatmap-1.0.0.json', 'zeppelin-heatmap/heatmap-1.1.0.json', 'zeppelin-wordcount/wordcount.json'];
  for (const f of files) {
    const d = JSON.parse(readFileSync(join(PACKAGES, f), 'utf8')) as { bundle: string; artifact: string; name: string; config: Record<string, { type: string }> };
    expect(d.artifact.startsWith(`${d.name}@`)).toBe(true);
    expect(() => readFileSync(join(PACKAGES, f, '..', d.bundle))).not.toThrow();
    expect(Object.values(d.config).every((c) => ['number', 'json', 'string'].includes(c.type))).toBe(true);
  }
});
