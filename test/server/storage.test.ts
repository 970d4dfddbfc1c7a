/** @jest-environment node */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Notebook } from '../../server/notes/notebook';
import { normalizeNotePath } from '../../server/notes/paths';
import { InterpreterRegistry, builtinInterpreterSettings } from '../../server/interpreters/settings';
import { NoteRepo } from '../../server/storage/noteRepo';
import { fileNameOf, parseFileName, parseNoteFile, serializeNote } from '../../server/storage/zpln';
import { anyDateToFile, fileDateToWs, formatFileDate, formatWsDate, parseAnyDate } from '../../server/util/dates';
import { NOTE_ID_RE, newNoteId, newParagraphId } from '../../server/util/ids';
import { copyFixtures, NOTE_FIXTURES, tempDir } from './helpers/harness';

const fixtureFiles = readdirSync(NOTE_FIXTURES).filter((f) => f.endsWith('.zpln'));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

const makeNotebook = (root: string): { repo: NoteRepo; notebook: Notebook } => {
  const repo = new NoteRepo(root);
  return { repo, notebook: new Notebook(repo, new InterpreterRegistry(builtinInterpreterSettings(), '')) };
};

describe('.zpln format', () => {
  test.each(fixtureFiles)('%s survives parse + serialise byte for byte', (file) => {
    const text = readFileSync(join(NOTE_FIXTURES, file), 'utf8');
    const out = serializeNote(parseNoteFile(text));
    expect(JSON.parse(out)).toEqual(JSON.parse(text));
    expect(Object.keys(JSON.parse(out) as object)).toEqual(Object.keys(JSON.parse(text) as object));
    expect(out).toBe(text);
  });

  test('file names carry path and id', () => {
    expect(parseFileName('Python Tutorial/1. IPython Basic_2EYDJKFFY.zpln')).toEqual({ path: '/Python Tutorial/1. IPython Basic', id: '2EYDJKFFY' });
    expect(parseFileName('a_b_c_2EYDJKFFY.zpln')).toEqual({ path: '/a_b_c', id: '2EYDJKFFY' });
    expect(parseFileName('.x.zpln.1.ab.tmp')).toBeNull();
    expect(fileNameOf('/a/b', 'ID')).toBe('a/b_ID.zpln');
  });

  test('path excluded from the file, Gson escapes and doubles', () => {
    const text = serializeNote({ id: 'X', path: '/p', paragraphs: [{ id: 'p', progress: 3, config: { colWidth: 6 }, text: '<a href="x">&\'=' }] });
    expect(text).not.toContain('"path"');
    expect(text).toContain('"progress": 3,');
    expect(text).toContain('"colWidth": 6.0');
    expect(text).toContain('\\u003ca href\\u003d\\"x\\"\\u003e\\u0026\\u0027\\u003d');
  });
});

describe('notebook storage', () => {
  test('loads every fixture unchanged and writes each back without losing a field', async () => {
    const root = tempDir();
    copyFixtures(root);
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    expect(notebook.size()).toBe(fixtureFiles.length);
    for (const e of notebook.all()) await notebook.save(e.id);
    await notebook.flush();
    for (const f of fixtureFiles) {
      expect(JSON.parse(readFileSync(join(root, f), 'utf8'))).toEqual(JSON.parse(readFileSync(join(NOTE_FIXTURES, f), 'utf8')));
      expect(readFileSync(join(root, f), 'utf8')).toBe(readFileSync(join(NOTE_FIXTURES, f), 'utf8'));
    }
  });

  test('create, rename, folder moves, trash and restore keep files in step with paths', async () => {
    const root = tempDir();
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    const a = await notebook.create('/team/a', { emptyParagraph: true });
    const b = await notebook.create('/team/sub/b');
    await expect(notebook.create('/team/a')).rejects.toThrow("Note '/team/a' existed");
    await notebook.rename(a.id, '/other/a2');
    expect(readdirSync(join(root, 'other'))).toEqual([`a2_${a.id}.zpln`]);
    expect(JSON.parse(readFileSync(join(root, 'other', `a2_${a.id}.zpln`), 'utf8'))).toMatchObject({ name: 'a2', id: a.id });
    await notebook.moveFolder('team', '/renamed');
    expect(notebook.get(b.id)?.path).toBe('/renamed/sub/b');
    await notebook.trashFolder('renamed');
    expect(notebook.get(b.id)?.path).toBe('/~Trash/renamed/sub/b');
    await notebook.trashNote(a.id);
    expect(notebook.get(a.id)?.path).toBe('/~Trash/other/a2');
    await notebook.restoreNote(a.id);
    expect(notebook.get(a.id)?.path).toBe('/other/a2');
    await notebook.restoreFolder('~Trash/renamed');
    expect(notebook.get(b.id)?.path).toBe('/renamed/sub/b');
    await notebook.flush();
    const files = walk(root).map((f) => relative(root, f)).sort();
    expect(files).toEqual([`other/a2_${a.id}.zpln`, `renamed/sub/b_${b.id}.zpln`]);
  });

  test('folder rename merges into an existing folder but refuses clashing note paths, changing nothing', async () => {
    const root = tempDir();
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    const x = await notebook.create('/f1/x');
    const y = await notebook.create('/f2/y');
    await notebook.create('/f3/x');
    await expect(notebook.moveFolder('f1', 'f3')).rejects.toThrow("Note '/f3/x' existed");
    expect(notebook.get(x.id)?.path).toBe('/f1/x');
    await notebook.moveFolder('f2', 'f3');
    expect(notebook.get(y.id)?.path).toBe('/f3/y');
  });

  test('trashing onto a taken trash path appends a timestamp', async () => {
    const root = tempDir();
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    const first = await notebook.create('/n');
    await notebook.trashNote(first.id);
    const second = await notebook.create('/n');
    await notebook.trashNote(second.id, new Date(2026, 0, 2, 3, 4, 5));
    expect(notebook.get(second.id)?.path).toBe('/~Trash/n 2026-01-02 03:04:05');
    const third = await notebook.create('/n');
    const restored = await notebook.restoreAll();
    // '/n' is taken again, so the first stays in the trash; the stamped one restores to its stamped name.
    expect(restored.map((e) => e.id)).toEqual([second.id]);
    expect(notebook.get(second.id)?.path).toBe('/n 2026-01-02 03:04:05');
    expect(notebook.get(first.id)?.path).toBe('/~Trash/n');
    expect(notebook.get(third.id)?.path).toBe('/n');
  });

  test('reload picks up notes copied in by hand and ignores temp and foreign files', async () => {
    const root = tempDir();
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    mkdirSync(join(root, 'hand'));
    writeFileSync(join(root, 'hand', `copied_2EYDJKFFY.zpln`), readFileSync(join(NOTE_FIXTURES, '1. IPython Basic_2EYDJKFFY.zpln')));
    writeFileSync(join(root, '.x.zpln.1.ab.tmp'), '{');
    writeFileSync(join(root, 'broken_2AAAAAAAA.zpln'), '{ not json');
    writeFileSync(join(root, 'readme.txt'), 'hi');
    await notebook.reload();
    expect(notebook.list()).toEqual([{ id: '2EYDJKFFY', path: '/hand/copied' }]);
  });
});

describe('identifiers, dates and paths', () => {
  test('note ids are 9 characters of the Zeppelin alphabet, paragraph ids paragraph_<ms>_<rand>', () => {
    for (let i = 0; i < 200; i++) expect(newNoteId()).toMatch(NOTE_ID_RE);
    expect(newParagraphId(1234)).toMatch(/^paragraph_1234_\d+$/);
  });

  test('date flavours', () => {
    const d = new Date(2021, 6, 26, 5, 55, 56, 511);
    expect(formatFileDate(d)).toBe('2021-07-26 05:55:56.511');
    expect(formatWsDate(d)).toMatch(/^2021-07-26T05:55:56[+-]\d{4}$/);
    expect(fileDateToWs('2021-07-26 05:55:56.511')).toBe(formatWsDate(new Date(2021, 6, 26, 5, 55, 56)));
    expect(parseAnyDate(formatWsDate(d))?.getTime()).toBe(new Date(2021, 6, 26, 5, 55, 56).getTime());
    expect(parseAnyDate('Feb 10, 2015 1:53:02 AM')?.getTime()).toBe(new Date(2015, 1, 10, 1, 53, 2).getTime());
    expect(parseAnyDate('Feb 10, 2015, 1:53:02 PM')?.getHours()).toBe(13);
    expect(anyDateToFile('2021-07-26 05:55:56.511')).toBe('2021-07-26 05:55:56.511');
    expect(anyDateToFile('garbage')).toBe('garbage');
  });

  test('path normalisation and its errors', () => {
    expect(normalizeNotePath('')).toBe('/Untitled Note');
    expect(normalizeNotePath('  ')).toBe('/Untitled Note');
    expect(normalizeNotePath('a/b')).toBe('/a/b');
    expect(normalizeNotePath('a%2Fb+c')).toBe('/a/b c');
    expect(normalizeNotePath('%2541')).toBe('/A');
    expect(normalizeNotePath('x\ny')).toBe('/x y');
    expect(() => normalizeNotePath('a/')).toThrow("Note name shouldn't end with '/'");
    expect(() => normalizeNotePath('a/../b')).toThrow(/\.\./);
    expect(() => normalizeNotePath('100%')).toThrow('Malformed URL-encoded path');
    expect(() => normalizeNotePath('x'.repeat(255))).toThrow('Note name must be less than 255');
  });
});

describe('crash safety', () => {
  test('kill -9 during heavy writing leaves every note file parseable', async () => {
    const root = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'helpers/crashWriter.ts'), root], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    try {
      await writeUntilBig(child, root);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const notes = walk(root).filter((f) => f.endsWith('.zpln'));
    expect(notes.length).toBe(8);
    for (const f of notes) expect(() => parseNoteFile(readFileSync(f, 'utf8'))).not.toThrow();
    const { notebook } = makeNotebook(root);
    await notebook.reload();
    expect(notebook.size()).toBe(8);
  }, 60000);
});

async function writeUntilBig(child: ReturnType<typeof spawn>, root: string): Promise<void> {
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += String(d);
    });
    await new Promise<void>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`writer never got ready: ${stderr}`)), 20000);
      child.stdout?.on('data', (d: Buffer) => {
        if (String(d).includes('ready')) {
          clearTimeout(timer);
          res();
        }
      });
    });
    // Let it run until the files have been rewritten many times, observed through their growing size.
    const big = (): boolean => walk(root).filter((f) => f.endsWith('.zpln')).some((f) => {
      try {
        return statSync(f).size > 40000;
      } catch {
        return false; // moved between listing and stat
      }
    });
    await new Promise<void>((res, rej) => {
      const started = Date.now();
      const poll = (): void => {
        if (big()) return res();
        if (Date.now() - started > 20000) return rej(new Error('writer made no progress'));
        setImmediate(poll);
      };
      poll();
    });
}
