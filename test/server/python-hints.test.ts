/** @jest-environment node */
/** A Python run that fails on a missing module says which, for which Python, and the two ways to fix it. */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { missingModuleHint, resolveExecutable } from '../../server/interpreters/impl/pythonHints';

test('a missing module is named with the Python that lacks it, how to install it, and zeppelin.python', () => {
  const out = "Traceback (most recent call last):\n  File \"<paragraph>\", line 1, in <module>\nModuleNotFoundError: No module named 'pandas'\n";
  const hint = missingModuleHint(out, '/opt/py/bin/python3') ?? '';
  expect(hint).toContain('pandas is not installed for the Python at /opt/py/bin/python3');
  expect(hint).toContain('/opt/py/bin/python3 -m pip install pandas');
  expect(hint).toContain('python3-pandas');
  expect(hint).toContain('zeppelin.python');
  expect(missingModuleHint("ImportError: No module named 'matplotlib.pyplot'", '/usr/bin/python3')).toContain('matplotlib is not installed');
});

test('other errors get no hint', () => {
  expect(missingModuleHint('ZeroDivisionError: division by zero', 'python3')).toBeNull();
  expect(missingModuleHint("ImportError: cannot import name 'x' from 'y'", 'python3')).toBeNull();
});

test('a bare executable name is resolved on PATH, as the server starts it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pyhint-'));
  const exe = join(dir, 'python3');
  writeFileSync(exe, '#!/bin/sh\n');
  chmodSync(exe, 0o755);
  expect(resolveExecutable('python3', `/nonexistent:${dir}`)).toBe(exe);
  expect(resolveExecutable('/abs/python', dir)).toBe('/abs/python');
  expect(resolveExecutable('nothere', dir)).toBe('nothere');
});
