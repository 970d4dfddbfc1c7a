/**
 * The staleness rules (slices/domain/staleness.ts): what a paragraph reads and writes, found from its text, and
 * which paragraphs are stale and why. Real notes that ran top to bottom with their current text show no marker.
 */
import fs from 'fs';
import path from 'path';
import type { LastRun, Note } from '../../protocol';
import { dependenciesOf, runStalePlan, staleReasons, usersOfNoteForm, type StaleInput } from '../../slices/domain/staleness';
import { FIXTURES } from '../support/frames';

const ran = (text: string, seq: number, more: Partial<LastRun> = {}): LastRun => ({ text, seq, noteParams: {}, params: {}, ...more });
const para = (id: string, text: string, seq: number | null, more: Partial<StaleInput> = {}): StaleInput => ({
  id, text, status: seq === null ? 'READY' : 'FINISHED', enabled: true, params: {}, ...(seq === null ? {} : { lastRun: ran(text, seq) }), ...more,
});

describe('dependenciesOf', () => {
  test('z.put / z.get / z.getAsDataFrame / z.remove in Python', () => {
    const d = dependenciesOf('%python\ndf = z.getAsDataFrame("Sales")\nx = z.get(\'rate\')\nz.put("out", df)\nz.remove("tmp")');
    expect([...d.reads].sort()).toEqual(['rate', 'sales']);
    expect([...d.writes].sort()).toEqual(['out', 'tmp']);
  });

  test('%sql reads FROM and JOIN tables, not CTE names, comments or strings', () => {
    const d = dependenciesOf("%sql\n-- from ignored\nwith recent as (select * from orders)\nselect * from recent r join Customers c on r.id = c.id where x = 'from quoted'");
    expect([...d.reads].sort()).toEqual(['customers', 'orders']);
    expect(d.writes.size).toBe(0);
  });

  test('%sql writes: CREATE [OR REPLACE] TABLE, CREATE VIEW, INSERT INTO, UPDATE, DELETE FROM, and saveAs=', () => {
    expect([...dependenciesOf('%sql\ncreate or replace table t1 as select 1').writes]).toEqual(['t1']);
    expect([...dependenciesOf('%sql\nCREATE TABLE IF NOT EXISTS "T2" (a int)').writes]).toEqual(['t2']);
    expect([...dependenciesOf('%sql\ncreate temp view v as select 1').writes]).toEqual(['v']);
    expect([...dependenciesOf('%duckdb\ninsert into t3 values (1)').writes]).toEqual(['t3']);
    expect([...dependenciesOf('%sql\nupdate t4 set a = 1').writes]).toEqual(['t4']);
    expect([...dependenciesOf('%sql\ndelete from t5').writes]).toEqual(['t5']);
    expect([...dependenciesOf('%sql(saveAs=totals)\nselect region, sum(amount) from sales group by region').writes]).toEqual(['totals']);
    expect([...dependenciesOf('%sql(saveAs=totals)\nselect 1').reads]).toEqual([]);
  });

  test('note forms: $${...} templates and z.note* calls', () => {
    expect([...dependenciesOf('%sql\nselect * from t where region = "$${region=EU,EU|US}" and $${checkbox:kind=a,a|b}').noteForms].sort()).toEqual(['kind', 'region']);
    expect([...dependenciesOf('%python\nr = z.noteSelect("region", [("EU","EU")])\nz.noteTextbox(name="limit")').noteForms].sort()).toEqual(['limit', 'region']);
    expect([...dependenciesOf('%md\nRegion: $${region}').noteForms]).toEqual(['region']);
  });

  test('markdown mentioning z.get or FROM reads nothing', () => {
    const d = dependenciesOf('%md\nUse `z.get("x")` to read rows from sales');
    expect(d.reads.size + d.writes.size).toBe(0);
  });
});

describe('staleReasons', () => {
  test('never-run paragraphs and untouched runs are not stale', () => {
    expect(staleReasons([para('a', '%python\n1', null), para('b', '%python\n2', 1)], {})).toEqual({});
  });

  test('a text changed since the last run (a collaborator\'s or the local draft) is stale', () => {
    const p = { ...para('a', '%python\n1', 1), text: '%python\n2' };
    expect(staleReasons([p], {})).toEqual({ a: ['The text changed since the last run.'] });
  });

  test('a running paragraph is not marked', () => {
    const p = { ...para('a', '%python\n1', 1), text: '%python\n2', status: 'RUNNING' as const };
    expect(staleReasons([p], {})).toEqual({});
  });

  test('a note form it uses changed since its run; an unused or unknown one does not count', () => {
    const text = '%sql\nselect * from t where r = "$${region=EU}"';
    const p = { ...para('a', text, 1), lastRun: ran(text, 1, { noteParams: { region: 'EU', other: 'x' } }) };
    expect(staleReasons([p], { region: 'US', other: 'y' })).toEqual({ a: ['The note form "region" changed since the last run.'] });
    expect(staleReasons([p], { region: 'EU', other: 'y' })).toEqual({});
    const unknown = { ...p, lastRun: ran(text, 1, { noteParams: {} }) };
    expect(staleReasons([unknown], { region: 'US' })).toEqual({});
  });

  test('a paragraph form changed since the run', () => {
    const p = { ...para('a', '%sql\nselect ${n=1}', 1), lastRun: ran('%sql\nselect ${n=1}', 1, { params: { n: '1' } }), params: { n: '2' } };
    expect(staleReasons([p], {})).toEqual({ a: ['The form "n" changed since the last run.'] });
  });

  test('z.get of a name another paragraph re-put later is stale; an earlier put is not', () => {
    const put = para('w', '%python\nz.put("rate", 2)', 3, { title: 'Rates' });
    const get = para('r', '%python\nprint(z.get("rate"))', 2);
    expect(staleReasons([put, get], {})).toEqual({ r: ['"rate" was replaced by a later run of "Rates".'] });
    expect(staleReasons([{ ...put, lastRun: ran(put.text, 1) }, get], {})).toEqual({});
    // a failed re-put replaced nothing
    expect(staleReasons([{ ...put, status: 'ERROR' }, get], {})).toEqual({});
  });

  test('a %sql table replaced by a later run (CREATE OR REPLACE, INSERT, saveAs) makes its readers stale', () => {
    const read = para('r', '%sql\nselect * from sales', 1);
    for (const w of ['%sql\ncreate or replace table sales as select 1', '%sql\ninsert into sales values (1)', '%sql(saveAs=sales)\nselect 1', '%python\nz.put("sales", df)']) {
      expect(staleReasons([read, para('w', w, 2)], {})).toEqual({ r: ['"sales" was replaced by a later run of paragraph 2.'] });
    }
  });

  test('real notes that ran top to bottom with their text and forms show no marker', () => {
    const dir = path.join(FIXTURES, 'zeppelin-notes');
    for (const file of fs.readdirSync(dir)) {
      const note = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Note;
      const inputs = note.paragraphs.map((p, i) => ({
        id: p.id, text: p.text ?? '', title: p.title, status: p.status, enabled: p.config?.enabled !== false, params: p.settings?.params,
        lastRun: ran(p.text ?? '', i + 1, { noteParams: note.noteParams ?? {}, params: p.settings?.params ?? {} }),
      }));
      expect([file, staleReasons(inputs, note.noteParams)]).toEqual([file, {}]);
    }
  });
});

describe('runStalePlan', () => {
  test('the stale paragraphs, then those that read what they re-write, in note order; disabled and never-run ones stay out', () => {
    const a = { ...para('a', '%python\nz.put("x", 1)', 1), text: '%python\nz.put("x", 2)' };
    const b = para('b', '%python\nprint(z.get("x"))', 2);
    const c = para('c', '%python\nprint(1)', 3);
    const d = para('d', '%python\nz.get("x")', null);
    const e = { ...para('e', '%sql\nselect 1', 4), text: '%sql\nselect 2', enabled: false };
    const list = [a, b, c, d, e];
    expect(runStalePlan(list, staleReasons(list, {}))).toEqual(['a', 'b']);
  });
});

test('usersOfNoteForm: the enabled paragraphs whose text uses the note form', () => {
  const list = [para('a', '%sql\nselect "$${region}"', 1), para('b', '%python\nz.noteSelect("region", [])', null), para('c', '%sql\nselect 1', 1),
    para('d', '%md $${region}', 1, { enabled: false })];
  expect(usersOfNoteForm(list, 'region')).toEqual(['a', 'b']);
});
