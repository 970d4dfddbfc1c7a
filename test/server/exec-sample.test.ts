/** @jest-environment node */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Note } from '../../protocol';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { api, startTestServer, tempDir } from './helpers/harness';
import { TEST_PYTHON } from '../support/python';

// Real processes on a loaded CI machine (the whole suite runs in parallel on 2 cores) need more than 5 s at times.
jest.setTimeout(30000);

test('the "Getting Started" sample note runs end to end on this server', async () => {
  const dir = tempDir('zpl-sample-');
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  cpSync(join(__dirname, '..', '..', 'samples', 'notebook', 'Getting Started'), join(notebookDir, 'Getting Started'), { recursive: true });
  const settings = builtinInterpreterSettings();
  const python = settings.find((s) => s.name === 'python');
  if (python) python.properties['zeppelin.python'].value = TEST_PYTHON;
  writeInterpreterSettings(confDir, settings);
  const server = await startTestServer({ notebookDir, confDir });
  try {
    const run = await api(server.url, '/api/notebook/job/2GETSTRT1?blocking=true', { method: 'POST' });
    expect(run.body.status).toBe('OK');
    const note = (await api<Note>(server.url, '/api/notebook/2GETSTRT1')).body.body as Note;
    expect(note.path).toBe('/Getting Started/Welcome');
    expect(note.paragraphs.map((p) => p.status)).toEqual(['FINISHED', 'FINISHED', 'FINISHED', 'FINISHED', 'FINISHED']);
    const [md, sh, py, sql, js] = note.paragraphs.map((p) => p.results?.msg ?? []);
    expect(md[0].data).toContain('hello, <strong>World</strong>!');
    expect(sh[0].data).toContain('line 3');
    expect(py.map((m) => m.type)).toEqual(['TEXT', 'TABLE']);
    expect(sql[sql.length - 1]).toEqual({ type: 'TABLE', data: 'city\tmillions\nRome\t2.8\nParis\t2.1\n' });
    expect(js[0].data).toBe('0 NOTEBOOK\n1 PARAGRAPH\n2 INTERPRETER\n[ 8, 9, 11 ]\n');
  } finally {
    await server.close();
  }
});
