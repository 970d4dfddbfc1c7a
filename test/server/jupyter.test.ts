/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject, Note } from '../../protocol';
import { spawnSync } from 'node:child_process';
import { pythonExecutable, TEST_PYTHON, testWithPython } from '../support/python';
import { noteToIpynb } from '../../server/notes/jupyter/export';
import { ipynbToNote } from '../../server/notes/jupyter/import';
import { api, Client, FIXTURES, NOTE_FIXTURES, startTestServer, type TestServer } from './helpers/harness';

const IPYNB_DIR = join(FIXTURES, 'ipynb');
const ipynbFiles = readdirSync(IPYNB_DIR).filter((f) => f.endsWith('.ipynb'));
const loadIpynb = (f: string): JsonObject => JSON.parse(readFileSync(join(IPYNB_DIR, f), 'utf8')) as JsonObject;

/** Every export a test makes, validated at the end by Jupyter's own nbformat package when the tests' Python has it. */
const exported: { name: string; nb: JsonObject }[] = [];

function expectValidNbformat(nb: JsonObject): void {
  expect(nb.nbformat).toBe(4);
  expect(nb.nbformat_minor).toBe(5);
  exported.push({ name: expect.getState().currentTestName ?? '', nb });
}

const text = (v: unknown): string => (Array.isArray(v) ? v.join('') : String(v ?? ''));

/** An output as content: multi-line strings joined, so `["a\n", "b"]` equals `"a\nb"`. */
function normalOutput(o: JsonObject): JsonObject {
  const out: JsonObject = { ...o };
  if (out.text !== undefined) out.text = text(out.text);
  if (out.data) out.data = Object.fromEntries(Object.entries(out.data as JsonObject).map(([k, v]) => [k, typeof v === 'string' || Array.isArray(v) ? text(v) : v]));
  if (out.output_type !== 'execute_result') delete out.execution_count;
  if (out.metadata && Object.keys(out.metadata as JsonObject).length === 0) delete out.metadata;
  return out;
}

/** nbformat 4.5 with what the course notebook has and the fixtures lack: ids, tags, attachments, SVG, rich MIME types. */
const RICH: JsonObject = {
  nbformat: 4, nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' }, language_info: { name: 'python' } },
  cells: [
    { id: 'intro', cell_type: 'markdown', metadata: { tags: ['intro'] }, attachments: { 'dot.png': { 'image/png': 'iVBORw0KGgo=' } },
      source: ['# Course\n', '\n', '- one\n', '- [two](https://example.com)\n', '\n', '![dot](attachment:dot.png)'] },
    { id: 'plot-1', cell_type: 'code', execution_count: 3, metadata: { tags: ['plot'], scrolled: true }, source: 'import sys\nprint("hi")\nsys.stderr.write("warn\\n")',
      outputs: [
        { output_type: 'stream', name: 'stdout', text: ['hi\n'] },
        { output_type: 'stream', name: 'stderr', text: 'warn\n' },
        { output_type: 'display_data', metadata: {}, data: { 'image/svg+xml': ['<svg xmlns="http://www.w3.org/2000/svg">', '<rect/></svg>'], 'text/plain': '<Figure>' } },
        { output_type: 'display_data', metadata: { 'image/png': { width: 10 } }, data: { 'image/png': 'iVBORw0KGgo=\n', 'text/plain': '<Figure size 10x10>' } },
        { output_type: 'display_data', metadata: {}, data: { 'image/jpeg': '/9j/4AAQ' } },
        { output_type: 'display_data', metadata: {}, data: { 'text/markdown': '**bold**', 'text/plain': 'bold' } },
        { output_type: 'display_data', metadata: {}, data: { 'application/json': { a: [1, 2] } } },
        { output_type: 'display_data', metadata: {}, data: { 'text/latex': '$x^2$', 'text/plain': 'x**2' } },
        { output_type: 'execute_result', execution_count: 3, metadata: {}, data: { 'text/html': '<table><tr><td>1</td></tr></table>', 'text/plain': '   a\n0  1' } },
      ] },
    { id: 'boom', cell_type: 'code', execution_count: 4, metadata: {}, source: '1/0',
      outputs: [{ output_type: 'error', ename: 'ZeroDivisionError', evalue: 'division by zero', traceback: ['\u001b[0;31mZeroDivisionError\u001b[0m', 'Traceback line\nwith a newline inside'] }] },
    { id: 'raw-1', cell_type: 'raw', metadata: { format: 'text/restructuredtext' }, source: 'raw *text*' },
    { id: 'empty', cell_type: 'code', execution_count: null, metadata: {}, source: '', outputs: [] },
  ],
};

describe('Jupyter import (PROTOCOL 5.10)', () => {
  test.each(ipynbFiles)('%s: every cell and every output, in order; markdown rendered at once', (file) => {
    const nb = loadIpynb(file);
    const imported = ipynbToNote(nb);
    expect(imported.name).toMatch(/^Note converted from Jupyter_/);
    expect(imported.defaultInterpreterGroup).toBe('python');
    const cells = nb.cells as JsonObject[];
    expect(imported.paragraphs).toHaveLength(cells.length);
    expect(imported.cells).toBe(cells.length);
    expect(imported.outputs).toBe(cells.reduce((n, c) => n + (Array.isArray(c.outputs) ? c.outputs.length : 0), 0));
    cells.forEach((cell, i) => {
      const p = imported.paragraphs[i];
      const source = text(cell.source);
      if (cell.cell_type === 'code') {
        expect(p.text).toBe(`%python\n${source}`);
        expect(p.config?.editorMode).toBe('ace/mode/python');
        const outs = cell.outputs as JsonObject[];
        expect(p.results?.msg).toHaveLength(outs.length);
        outs.forEach((o, j) => {
          const m = (p.results?.msg ?? [])[j];
          const data = (o.data ?? {}) as JsonObject;
          if (o.output_type === 'stream') expect(m).toEqual({ type: 'TEXT', data: text(o.text) });
          else if (o.output_type === 'error') expect(m.data).toContain(String(o.ename));
          else if (data['image/png']) expect(m).toEqual({ type: 'IMG', data: text(data['image/png']) });
          else if (data['text/html']) expect(m).toEqual({ type: 'HTML', data: text(data['text/html']) });
          else expect(m).toEqual({ type: 'TEXT', data: text(data['text/plain']) });
        });
      } else if (cell.cell_type === 'markdown') {
        expect(p.text).toBe(`%md\n${source}`);
        expect(p.config?.editorHide).toBe(true);
        expect(p.results?.msg?.[0].type).toBe('HTML');
        if (/^\s*[-*] /m.test(source)) expect(p.results?.msg?.[0].data).toContain('<li>');
      }
      expect(p.status).toBe('FINISHED');
    });
  });

  test('every output type is kept: SVG and JPEG images, markdown and JSON outputs, errors with tracebacks; ids, tags and attachments', () => {
    const imported = ipynbToNote(RICH);
    const [md, code, boom, raw] = imported.paragraphs;
    expect(md.results?.msg?.[0].data).toContain('<li><a href="https://example.com">two</a></li>');
    expect(md.results?.msg?.[0].data).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">');
    expect(md.config?.jupyter).toMatchObject({ id: 'intro', metadata: { tags: ['intro'] } });
    const types = (code.results?.msg ?? []).map((m) => m.type);
    expect(types).toEqual(['TEXT', 'TEXT', 'HTML', 'IMG', 'HTML', 'HTML', 'TEXT', 'TEXT', 'HTML']);
    const msg = code.results?.msg ?? [];
    expect(msg[2].data).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    expect(msg[4].data).toBe('<img src="data:image/jpeg;base64,/9j/4AAQ">');
    expect(msg[5].data).toContain('<strong>bold</strong>');
    expect(JSON.parse(msg[6].data)).toEqual({ a: [1, 2] });
    expect(msg[7].data).toBe('$x^2$');
    expect(code.results?.code).toBe('ERROR');
    expect(code.config?.jupyter).toMatchObject({ id: 'plot-1', metadata: { tags: ['plot'] }, execution_count: 3 });
    expect(boom.results).toEqual({ code: 'ERROR', msg: [{ type: 'TEXT', data: '\u001b[0;31mZeroDivisionError\u001b[0m\nTraceback line\nwith a newline inside' }] });
    expect(raw.text).toBe('\nraw *text*');
    expect(imported).toMatchObject({ cells: 5, outputs: 10 });
  });

  test('what is not a notebook is refused with the reason', () => {
    expect(() => ipynbToNote({ cells: 'x' } as unknown as JsonObject)).toThrow('not a Jupyter notebook');
    expect(() => ipynbToNote({ nbformat: 3, cells: [] })).toThrow('nbformat 3 notebooks are not supported');
    expect(() => ipynbToNote({ cells: [{ source: 'x' }] })).toThrow('cell 1 has no cell_type');
  });
});

describe('Jupyter export (PROTOCOL 5.10)', () => {
  test.each(readdirSync(NOTE_FIXTURES))('%s exports as valid nbformat 4.5 with its outputs', (file) => {
    const note = JSON.parse(readFileSync(join(NOTE_FIXTURES, file), 'utf8')) as Note;
    const nb = noteToIpynb(note);
    expectValidNbformat(nb);
    const cells = nb.cells as JsonObject[];
    const nonBlank = note.paragraphs.filter((p) => (p.text ?? '').trim() !== '');
    expect(cells).toHaveLength(nonBlank.length);
    nonBlank.forEach((p, i) => {
      const t = (p.text ?? '').replace(/^ +/, '');
      if (/^%md\s/.test(t)) {
        expect(cells[i].cell_type).toBe('markdown');
        expect(String(cells[i].source)).not.toMatch(/^%md/);
        return;
      }
      expect(cells[i].cell_type).toBe('code');
      const outs = cells[i].outputs as JsonObject[];
      const msgs = (p.results?.msg ?? []).filter((m) => m.type !== 'NULL');
      expect(outs).toHaveLength(msgs.length);
      msgs.forEach((m, j) => {
        if (m.type === 'TEXT') expect(outs[j]).toEqual({ output_type: 'stream', name: 'stdout', text: m.data });
        if (m.type === 'HTML') expect((outs[j].data as JsonObject)['text/html']).toBe(m.data);
        if (m.type === 'TABLE') {
          expect((outs[j].data as JsonObject)['text/plain']).toBe(m.data);
          expect((outs[j].data as JsonObject)['text/html']).toMatch(/^<table/);
        }
      });
    });
  });

  test("a Python note declares Python's kernel and its cells lose the %python line", () => {
    const note = JSON.parse(readFileSync(join(NOTE_FIXTURES, '1. IPython Basic_2EYDJKFFY.zpln'), 'utf8')) as Note;
    const nb = noteToIpynb(note);
    expect((nb.metadata as JsonObject).kernelspec).toEqual({ name: 'python3', display_name: 'Python 3', language: 'python' });
    expect((nb.metadata as JsonObject).language_info).toMatchObject({ name: 'python', file_extension: '.py' });
    const code = (nb.cells as JsonObject[]).filter((c) => c.cell_type === 'code').map((c) => String(c.source));
    expect(code.some((s) => s.startsWith('%python'))).toBe(false);
    expect(code).toContain('\nimport sys\n\nsys?');
    const table = (nb.cells as JsonObject[]).flatMap((c) => (c.outputs as JsonObject[] | undefined) ?? []).find((o) => (o.data as JsonObject | undefined)?.['text/html']?.toString().startsWith('<table'));
    expect(table).toBeDefined();
    const img = noteToIpynb({ id: 'x', defaultInterpreterGroup: 'python', paragraphs: [
      { id: 'p0', text: '%python\nx = 1' }, { id: 'p1', text: '%sh\nls', results: { code: 'SUCCESS', msg: [{ type: 'IMG', data: 'iVBOR' }] } }] });
    expect((img.cells as JsonObject[])[1]).toMatchObject({ source: '%%bash\nls', outputs: [{ output_type: 'display_data', data: { 'image/png': 'iVBOR' } }] });
    expectValidNbformat(img);
  });

  test.each([...ipynbFiles, 'rich'])('%s: ipynb → note → ipynb keeps every cell source and every output', (file) => {
    const nb = file === 'rich' ? RICH : loadIpynb(file);
    const imported = ipynbToNote(nb);
    const back = noteToIpynb({ id: 'N', name: 'x', defaultInterpreterGroup: imported.defaultInterpreterGroup, paragraphs: imported.paragraphs });
    expectValidNbformat(back);
    const before = nb.cells as JsonObject[];
    const after = back.cells as JsonObject[];
    expect(after.map((c) => c.cell_type)).toEqual(before.map((c) => c.cell_type));
    expect(after.map((c) => text(c.source))).toEqual(before.map((c) => text(c.source)));
    expect(after.map((c) => ((c.outputs as JsonObject[] | undefined) ?? []).map(normalOutput))).toEqual(before.map((c) => ((c.outputs as JsonObject[] | undefined) ?? []).map(normalOutput)));
    expect(after.map((c) => c.metadata)).toEqual(before.map((c) => c.metadata ?? {}));
    if (file === 'rich') {
      expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect(after[0].attachments).toEqual(before[0].attachments);
      expect(after.map((c) => c.execution_count)).toEqual(before.map((c) => c.execution_count));
    }
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

  test.each(ipynbFiles)('importing %s over the websocket: named as sent (the file name), says what it brought in', async (file) => {
    const nb = loadIpynb(file);
    const name = file.replace(/\.ipynb$/, '');
    const imported = await c.request('IMPORT_NOTE', { note: { ...nb, name } }, 'IMPORT_NOTE');
    expect(imported.data.note.path).toBe(`/${name}`);
    expect(imported.data.note.defaultInterpreterGroup).toBe('python');
    expect(imported.data.note.paragraphs[0].text).toMatch(/^%(python|md)\n/);
    const outputs = (nb.cells as JsonObject[]).reduce((n, cell) => n + ((cell.outputs as unknown[] | undefined)?.length ?? 0), 0);
    expect(imported.data.message).toBe(`Imported ${(nb.cells as unknown[]).length} cells and ${outputs} outputs from the notebook into "${name}"`);
    const refused = await c.request('IMPORT_NOTE', { note: { nbformat: 3, cells: [{}] } as unknown as JsonObject }, 'ERROR_INFO');
    expect(refused.data.info).toContain('nbformat 3 notebooks are not supported');
  });

  test('REST import of an .ipynb converts it (not an empty note) and says what it brought in; a bad one is a 400 with the reason', async () => {
    const nb = loadIpynb('examples.ipynb');
    const r = await api<string>(server.url, '/api/notebook/import?notePath=%2Fcourse%2Fexamples', { method: 'POST', json: nb });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^Imported 10 cells and \d+ outputs$/);
    const note = await api<Note>(server.url, `/api/notebook/${String(r.body.body)}`);
    expect(note.body.body?.path).toBe('/course/examples');
    expect(note.body.body?.paragraphs).toHaveLength((nb.cells as unknown[]).length);
    expect(note.body.body?.paragraphs.some((p) => (p.results?.msg ?? []).some((m) => m.type === 'IMG'))).toBe(true);
    const bad = await api(server.url, '/api/notebook/import', { method: 'POST', json: { nbformat: 3, cells: [] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('nbformat 3 notebooks are not supported');
  });

  test('ipynb → note → ipynb over the websocket keeps the code, the outputs and the kernel', async () => {
    const nb = loadIpynb('examples.ipynb');
    const imported = await c.request('IMPORT_NOTE', { note: { ...nb, name: 'examples' } }, 'IMPORT_NOTE');
    const converted = await c.request('CONVERT_NOTE_NBFORMAT', { noteId: imported.data.note.id, noteName: 'examples' }, 'CONVERTED_NOTE_NBFORMAT');
    expect(converted.data.noteName).toBe('examples');
    const back = JSON.parse(converted.data.nbformat) as JsonObject;
    expectValidNbformat(back);
    expect((back.metadata as JsonObject).kernelspec).toMatchObject({ language: 'python' });
    expect((back.cells as JsonObject[]).map((x) => text(x.source))).toEqual((nb.cells as JsonObject[]).map((x) => text(x.source)));
    expect((back.cells as JsonObject[]).map((x) => ((x.outputs as JsonObject[] | undefined) ?? []).map(normalOutput)))
      .toEqual((nb.cells as JsonObject[]).map((x) => ((x.outputs as JsonObject[] | undefined) ?? []).map(normalOutput)));
    const missing = await c.request('CONVERT_NOTE_NBFORMAT', { noteId: 'NOPE', noteName: 'x' }, 'ERROR_INFO');
    expect(missing.data.info).toBe('No such note: NOPE');
  });
});

describe("Jupyter's nbformat accepts every export (python3-nbformat)", () => {
  // Last in the file: runs after every export above was made (jest runs a file's tests in order).
  testWithPython(['nbformat'])('nbformat.validate passes for each exported notebook', () => {
    expect(exported.length).toBe(10);
    const python = pythonExecutable() ?? TEST_PYTHON;
    const code = 'import json, sys, nbformat\nfor name, nb in json.load(sys.stdin):\n'
      + '    try:\n        nbformat.validate(nbformat.from_dict(nb))\n    except Exception as e:\n        print(name + ": " + str(e).splitlines()[0])\nprint("checked", flush=True)';
    const r = spawnSync(python, ['-c', code], { input: JSON.stringify(exported.map((e) => [e.name, e.nb])), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('checked');
    // A notebook nbformat refuses is caught: the check above cannot pass vacuously.
    const bad = spawnSync(python, ['-c', code], { input: JSON.stringify([['bad', { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: 'code', source: 'x', metadata: {} }] }]]), encoding: 'utf8' });
    expect(bad.stdout).toMatch(/^bad: /);
  });
});
