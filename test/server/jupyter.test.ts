/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject, Note } from '../../protocol';
import { ipynbToNote, noteToIpynb } from '../../server/notes/jupyter';
import { Client, FIXTURES, NOTE_FIXTURES, startTestServer, type TestServer } from './helpers/harness';

const IPYNB_DIR = join(FIXTURES, 'ipynb');
const ipynbFiles = readdirSync(IPYNB_DIR).filter((f) => f.endsWith('.ipynb'));
const loadIpynb = (f: string): JsonObject => JSON.parse(readFileSync(join(IPYNB_DIR, f), 'utf8')) as JsonObject;

/** The parts of the nbformat 4 schema a reader relies on. */
function expectValidNbformat4(nb: JsonObject): void {
  expect(nb.nbformat).toBe(4);
  expect(typeof nb.nbformat_minor).toBe('number');
  const meta = nb.metadata as JsonObject;
  const kernelspec = meta.kernelspec as JsonObject;
  expect(typeof kernelspec.name).toBe('string');
  expect(typeof kernelspec.display_name).toBe('string');
  expect(Array.isArray(nb.cells)).toBe(true);
  for (const cell of nb.cells as JsonObject[]) {
    expect(['code', 'markdown', 'raw']).toContain(cell.cell_type);
    expect(typeof cell.metadata).toBe('object');
    expect(typeof cell.source === 'string' || Array.isArray(cell.source)).toBe(true);
    const allowed = cell.cell_type === 'code' ? ['cell_type', 'metadata', 'source', 'outputs', 'execution_count'] : ['cell_type', 'metadata', 'source', 'attachments'];
    expect(Object.keys(cell).every((k) => allowed.includes(k))).toBe(true);
    if (cell.cell_type === 'code') {
      expect(Array.isArray(cell.outputs)).toBe(true);
      expect(cell.execution_count === null || typeof cell.execution_count === 'number').toBe(true);
    }
  }
}

describe('Jupyter conversion (PROTOCOL 5.10)', () => {
  test.each(ipynbFiles)('%s converts to a Zeppelin note with python and markdown paragraphs', (file) => {
    const nb = loadIpynb(file);
    const { name, paragraphs } = ipynbToNote(nb);
    expect(name).toMatch(/^Note converted from Jupyter_/);
    const cells = nb.cells as JsonObject[];
    expect(paragraphs).toHaveLength(cells.length);
    cells.forEach((cell, i) => {
      const p = paragraphs[i];
      const source = Array.isArray(cell.source) ? cell.source.join('') : String(cell.source);
      if (cell.cell_type === 'code') {
        expect(p.text).toBe(`%python\n${source}`);
        expect(p.config?.editorMode).toBe('ace/mode/python');
      } else if (cell.cell_type === 'markdown') {
        expect(p.text).toBe(`%md\n${source}`);
        expect(p.config?.editorHide).toBe(true);
        expect(p.results?.msg?.[0].type).toBe('HTML');
      }
      expect(p.status).toBe('FINISHED');
    });
  });

  test('outputs: stream text, images as HTML img, stderr as ERROR', () => {
    const { paragraphs } = ipynbToNote(loadIpynb('examples.ipynb'));
    const all = paragraphs.flatMap((p) => p.results?.msg ?? []);
    expect(all.some((m) => m.type === 'HTML' && m.data.includes('data:image/png;base64,'))).toBe(true);
    expect(all.some((m) => m.type === 'TEXT')).toBe(true);
    const stderr = ipynbToNote({ cells: [{ cell_type: 'code', source: 'x', outputs: [{ output_type: 'stream', name: 'stderr', text: ['boom'] }], metadata: {}, execution_count: 1 }], metadata: { title: 'T' } });
    expect(stderr.name).toBe('T');
    expect(stderr.paragraphs[0].results).toEqual({ code: 'ERROR', msg: [{ type: 'TEXT', data: 'boom' }] });
  });

  test.each(readdirSync(NOTE_FIXTURES))('%s exports as valid nbformat 4', (file) => {
    const note = JSON.parse(readFileSync(join(NOTE_FIXTURES, file), 'utf8')) as Note;
    const nb = noteToIpynb(note);
    expectValidNbformat4(nb);
    expect((nb.metadata as JsonObject).kernelspec).toEqual({ language: 'scala', name: 'spark2-scala', display_name: 'Zeppelin' });
    const cells = nb.cells as JsonObject[];
    const nonBlank = note.paragraphs.filter((p) => (p.text ?? '').trim() !== '');
    expect(cells).toHaveLength(nonBlank.length);
    nonBlank.forEach((p, i) => {
      const text = (p.text ?? '').replace(/^ +/, '');
      if (/^%md\s/.test(text)) {
        expect(cells[i].cell_type).toBe('markdown');
        expect(String(cells[i].source)).not.toMatch(/^%md/);
      } else {
        expect(cells[i]).toMatchObject({ cell_type: 'code', source: text, outputs: [] });
      }
    });
  });
});

describe('IMPORT_NOTE and CONVERT_NOTE_NBFORMAT over the websocket', () => {
  let server: TestServer;
  let c: Client;
  beforeEach(async () => {
    server = await startTestServer({ fixtures: true });
    c = await Client.open(server.wsUrl, server.origin);
  });
  afterEach(async () => {
    await c.close();
    await server.close();
  });

  test('importing a Zeppelin note keeps paragraph ids and results, under a new id and the given name', async () => {
    const src = JSON.parse(readFileSync(join(NOTE_FIXTURES, '3. Spark SQL (PySpark)_2EWM84JXA.zpln'), 'utf8')) as Note;
    const imported = await c.request('IMPORT_NOTE', { note: { ...src, name: 'imports/sql copy' } as unknown as JsonObject }, 'IMPORT_NOTE');
    const note = imported.data.note;
    expect(note.id).not.toBe('2EWM84JXA');
    expect(note.path).toBe('/imports/sql copy');
    expect(note.paragraphs.map((p) => p.id)).toEqual(src.paragraphs.map((p) => p.id));
    expect(note.paragraphs.map((p) => p.results)).toEqual(src.paragraphs.map((p) => p.results));
    const stored = JSON.parse(readFileSync(join(server.notebookDir, 'imports', `sql copy_${note.id}.zpln`), 'utf8')) as Note;
    expect(stored.paragraphs[0].dateCreated).toBe(src.paragraphs[0].dateCreated);
    const dup = await c.request('IMPORT_NOTE', { note: { ...src, name: 'imports/sql copy' } as unknown as JsonObject }, 'ERROR_INFO');
    expect(dup.data.info).toBe("Fail to import note: Note '/imports/sql copy' existed, cause: Note '/imports/sql copy' existed");
  });

  test('importing an exported note (websocket dates) stores file dates', async () => {
    const got = await c.request('GET_NOTE', { id: '2EYDJKFFY' }, 'NOTE');
    const again = await c.request('IMPORT_NOTE', { note: { ...(got.data.note as unknown as JsonObject), name: 'round trip' } }, 'IMPORT_NOTE');
    const stored = JSON.parse(readFileSync(join(server.notebookDir, `round trip_${again.data.note.id}.zpln`), 'utf8')) as Note;
    expect(stored.paragraphs[0].dateCreated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.000$/);
  });

  test.each(ipynbFiles)('importing %s creates a note named after the notebook', async (file) => {
    const imported = await c.request('IMPORT_NOTE', { note: loadIpynb(file) }, 'IMPORT_NOTE');
    expect(imported.data.note.path).toMatch(/^\/Note converted from Jupyter_/);
    expect(imported.data.note.paragraphs[0].text).toMatch(/^%python\n/);
  });

  test('ipynb → note → ipynb keeps the code', async () => {
    const nb = loadIpynb('basic.ipynb');
    const imported = await c.request('IMPORT_NOTE', { note: nb }, 'IMPORT_NOTE');
    const converted = await c.request('CONVERT_NOTE_NBFORMAT', { noteId: imported.data.note.id, noteName: 'basic' }, 'CONVERTED_NOTE_NBFORMAT');
    expect(converted.data.noteName).toBe('basic');
    const back = JSON.parse(converted.data.nbformat) as JsonObject;
    expectValidNbformat4(back);
    const codeIn = (nb.cells as JsonObject[]).filter((x) => x.cell_type === 'code').map((x) => (x.source as string[]).join(''));
    const codeOut = (back.cells as JsonObject[]).filter((x) => x.cell_type === 'code').map((x) => String(x.source).replace(/^%python\n/, ''));
    expect(codeOut).toEqual(codeIn);
    const missing = await c.request('CONVERT_NOTE_NBFORMAT', { noteId: 'NOPE', noteName: 'x' }, 'ERROR_INFO');
    expect(missing.data.info).toBe('No such note: NOPE');
  });
});
