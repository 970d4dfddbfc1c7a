/** @jest-environment node */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResourcePool } from '../../server/interpreters/pool/resourcePool';

/** Which sessions' values a run sees: its own first, then shared ones and those kept for its user or note. */
describe('resource pool scope', () => {
  let pool: ResourcePool;
  beforeEach(() => {
    pool = new ResourcePool();
  });
  afterEach(() => pool.close());

  const shared = { id: 'python-shared_process' };
  const sqlShared = { id: 'sql-shared_process' };
  const aliceOnly = { id: 'python-alice', user: 'alice' };
  const noteOne = { id: 'python-n1', noteId: 'n1' };
  const value = (v: unknown) => ({ kind: 'value' as const, value: v });

  test('a shared session\'s value is seen by every note and user; per-user and per-note values stay with theirs', () => {
    pool.view(shared, 'n1', 'alice').put('everyone', value(1));
    pool.view(aliceOnly, 'n1', 'alice').put('alices', value(2));
    pool.view(noteOne, 'n1', 'bob').put('noteOnes', value(3));
    const bobInN2 = pool.view(sqlShared, 'n2', 'bob');
    expect(bobInN2.get('everyone')?.resource).toEqual(value(1));
    expect(bobInN2.get('alices')).toBeUndefined();
    expect(bobInN2.get('noteOnes')).toBeUndefined();
    const aliceInN1 = pool.view(sqlShared, 'n1', 'alice');
    expect(aliceInN1.get('alices')?.resource).toEqual(value(2));
    expect(aliceInN1.get('noteOnes')?.resource).toEqual(value(3));
  });

  test('the run\'s own session comes first, then the newest value of the name; remove takes it from everywhere the run sees', () => {
    pool.view(shared, 'n1', 'alice').put('x', value('shared'));
    pool.view(noteOne, 'n1', 'alice').put('x', value('note'));
    expect(pool.view(shared, 'n1', 'alice').get('x')?.resource).toEqual(value('shared'));
    expect(pool.view(sqlShared, 'n1', 'alice').get('x')?.resource).toEqual(value('note'));
    expect(pool.view(sqlShared, 'n2', 'alice').get('x')?.resource).toEqual(value('shared'));
    expect(pool.view(sqlShared, 'n1', 'alice').remove('x')).toBe(true);
    expect(pool.view(shared, 'n2', 'bob').get('x')).toBeUndefined();
  });

  test('a table lives in the pool folder and goes with its name or its session', () => {
    const view = pool.view(shared, 'n1', 'alice');
    const outside = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'not-pool-'));
    expect(() => view.put('t', { kind: 'table', dir: outside })).toThrow('A table must be made in the pool folder');
    const first = mkdtempSync(join(view.dir, 'table-'));
    writeFileSync(join(first, 'manifest.json'), '{}');
    view.put('t', { kind: 'table', dir: first });
    expect(view.tables().map((e) => e.name)).toEqual(['t']);
    const second = mkdtempSync(join(view.dir, 'table-'));
    view.put('t', { kind: 'table', dir: second });
    expect(existsSync(first)).toBe(false);
    pool.dropSession(shared.id);
    expect(existsSync(second)).toBe(false);
    expect(pool.view(sqlShared, 'n1', 'alice').tables()).toEqual([]);
  });
});
