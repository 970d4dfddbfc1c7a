/** @jest-environment node */
import { cleanChecked, parseForms, substituteForms } from '../../server/interpreters/forms';
import { parseParagraphText } from '../../server/interpreters/magic';
import { OutputCollector, truncationAlert, type OutputEvents } from '../../server/interpreters/output';
import { FifoScheduler } from '../../server/interpreters/scheduler';
import { InterpreterRegistry, builtinInterpreterSettings } from '../../server/interpreters/settings';

describe('magic parsing (PROTOCOL 5.3)', () => {
  test('name, local properties with quotes and escapes, script offset', () => {
    const text = '  %sh.x(k=v, k2="a, (b)", flag, esc="1\\n2")  echo hi';
    const parsed = parseParagraphText(text);
    expect(parsed.magic).toBe('sh.x');
    expect(parsed.localProperties).toEqual({ k: 'v', k2: 'a, (b)', flag: 'flag', esc: '1\n2' });
    expect(parsed.script).toBe('echo hi');
    expect(text.slice(parsed.scriptOffset)).toBe('echo hi');
  });

  test('empty scripts are literal: %md alone is empty, %md\\n and %md-with-spaces are not', () => {
    expect(parseParagraphText('%md').script).toBe('');
    expect(parseParagraphText('%md\n').script).toBe('\n');
    expect(parseParagraphText('%md   ').script).toBe('   ');
    expect(parseParagraphText('no magic').magic).toBe('');
    expect(parseParagraphText(undefined).script).toBe('');
  });

  test('resolution: group.name, default setting, setting name, and %duckdb inside the sql setting', () => {
    const reg = new InterpreterRegistry(builtinInterpreterSettings(), '');
    expect(reg.resolve('sql.duckdb', 'md')?.info?.name).toBe('duckdb');
    expect(reg.resolve(undefined, 'sh')?.setting.name).toBe('sh');
    expect(reg.resolve('python', 'md')?.setting.name).toBe('python');
    expect(reg.resolve('duckdb', 'md')).toMatchObject({ setting: { name: 'sql' }, info: { name: 'duckdb' } });
    expect(reg.resolve('python.ipython', 'md')).toMatchObject({ setting: { name: 'python' }, info: { name: 'ipython' } });
    expect(reg.resolve('nosuch', 'md')).toBeUndefined();
    expect(reg.resolve('md.nosuch', 'md')).toBeUndefined();
  });
});

describe('dynamic forms (PROTOCOL 4.5)', () => {
  test('every template kind parses into its Input', () => {
    const script = 'a ${name} ${city(City Name)=Paris} ${sel=b,a|b(Bee)|c} ${checkbox:fruit=apple|kiwi,apple|kiwi|pear} '
      + '${checkbox( or ):ck=x,x|y} ${password:pw} _${secret=s} $${region=EU,EU|US} ${pql=x}';
    const { forms, noteForms } = parseForms(script);
    expect(forms.name).toEqual({ type: 'TextBox', name: 'name', displayName: 'name', hidden: false });
    expect(forms.city).toEqual({ type: 'TextBox', name: 'city', displayName: 'City Name', hidden: false, defaultValue: 'Paris' });
    expect(forms.sel).toEqual({ type: 'Select', name: 'sel', displayName: 'sel', hidden: false, defaultValue: 'b', options: [{ value: 'a' }, { value: 'b', displayName: 'Bee' }, { value: 'c' }] });
    expect(forms.fruit).toMatchObject({ type: 'CheckBox', defaultValue: ['apple', 'kiwi'], options: [{ value: 'apple' }, { value: 'kiwi' }, { value: 'pear' }] });
    expect(forms.ck).toMatchObject({ type: 'CheckBox', argument: ' or ', defaultValue: ['x'] });
    expect(forms.pw).toEqual({ type: 'Password', name: 'pw', displayName: 'pw', hidden: false, defaultValue: '' });
    expect(forms.secret).toMatchObject({ type: 'TextBox', hidden: true, defaultValue: 's' });
    expect(forms.pql).toBeUndefined();
    expect(Object.keys(forms)).not.toContain('region');
    expect(noteForms.region).toMatchObject({ type: 'Select', defaultValue: 'EU' });
  });

  test('substitution uses params, then defaults; checkbox values are cleaned and joined', () => {
    const script = '${name=World}|${sel=b,a|b}|${checkbox( or ):ck=x,x|y|z}|$${region=EU,EU|US}|${checkbox:bad=,p|q}';
    const out = substituteForms(script, { name: 'Zed', ck: ['y', 'nope', 'z'], bad: ['m', 'n'] }, { region: 'US' });
    expect(out.script).toBe('Zed|b|y or z|US|m,n');
    expect(out.params.ck).toEqual(['y', 'z']);
    expect(out.params.bad).toEqual(['m', 'n']);
    expect(substituteForms('${x=1} ${y}', {}, {}).script).toBe('1 ');
  });

  test('an angular object of the same name is substituted and creates no form', () => {
    const angular = (name: string) => (name === 'v' ? { found: true, value: 42 } : { found: false });
    expect(parseForms('${v=1} ${w=2}', angular).forms).toEqual({ w: expect.objectContaining({ name: 'w' }) });
    expect(substituteForms('${v=1}', {}, {}, angular).script).toBe('42');
  });

  test('checked values: none valid keeps them all', () => {
    const form = { type: 'CheckBox' as const, name: 'c', options: [{ value: 'a' }], defaultValue: ['a'] };
    expect(cleanChecked(form, undefined)).toEqual(['a']);
    expect(cleanChecked(form, 'zz')).toEqual(['zz']);
  });
});

function collect(limit = 1000): { out: OutputCollector; log: string[] } {
  const log: string[] = [];
  const events: OutputEvents = {
    slotStarted: (i, t) => log.push(`start ${i} ${t}`),
    appended: (i, t) => log.push(`append ${i} ${JSON.stringify(t)}`),
    changed: (i) => log.push(`changed ${i}`),
    sealed: (i) => log.push(`sealed ${i}`),
  };
  return { out: new OutputCollector(limit, events), log };
}

describe('display system and output limit (PROTOCOL 4.3, 5.5)', () => {
  test('markers at line starts split typed messages, even across chunk boundaries', () => {
    const { out, log } = collect();
    out.write('hello\n%ht');
    out.write('ml <b>x</b>\n');
    out.write('%table a\tb\n1\t2\n');
    out.write('not %html here\n');
    out.write('%text');
    const msgs = out.finish();
    expect(msgs).toEqual([
      { type: 'TEXT', data: 'hello\n' },
      { type: 'HTML', data: '<b>x</b>\n' },
      { type: 'TABLE', data: 'a\tb\n1\t2\nnot %html here\n' },
    ]);
    expect(log.slice(0, 3)).toEqual(['start 0 TEXT', 'append 0 "hello\\n"', 'start 1 HTML']);
  });

  test('a leading marker types the first message; a %percent word is plain text', () => {
    const { out } = collect();
    out.write('%html<b>no separator</b>\n%angular <div>{{x}}</div>');
    expect(out.finish()).toEqual([{ type: 'TEXT', data: '%html<b>no separator</b>\n' }, { type: 'ANGULAR', data: '<div>{{x}}</div>' }]);
  });

  test('the limit cuts at the last complete line, adds the alert, and drops the rest', () => {
    const { out } = collect(20);
    out.write('0123456789\n');
    out.write('abcdefghij\nmore\n');
    out.write('dropped\n');
    out.message('IMG', 'also dropped');
    expect(out.truncated).toBe(true);
    const msgs = out.finish();
    expect(msgs).toEqual([{ type: 'TEXT', data: '0123456789\n' }, { type: 'HTML', data: truncationAlert(20) }]);
    expect(msgs[1].data).toContain('<strong>Output is truncated</strong> to 20 bytes. Learn more about <strong>ZEPPELIN_INTERPRETER_OUTPUT_LIMIT</strong>');
  });
});

describe('FIFO scheduler', () => {
  test('runs one job at a time in order; a queued job can be dropped', async () => {
    const s = new FifoScheduler();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const job = (id: string, wait?: Promise<void>) => ({
      paragraphId: id,
      run: async () => {
        order.push(`start ${id}`);
        await wait;
        order.push(`end ${id}`);
      },
      dropped: () => order.push(`dropped ${id}`),
    });
    const done = new Promise<void>((resolve) => {
      s.submit(job('a', gate));
      s.submit(job('b'));
      s.submit(job('c'));
      s.submit({ paragraphId: 'd', run: async () => resolve(), dropped: () => undefined });
    });
    expect(s.dropQueued('b')).toBe(true);
    expect(s.dropQueued('a')).toBe(false);
    expect(order).toEqual(['start a', 'dropped b']);
    release();
    await done;
    expect(order).toEqual(['start a', 'dropped b', 'end a', 'start c', 'end c']);
  });

  test('a parallel session starts up to N jobs at once, in submission order', async () => {
    let parallel = 2;
    const s = new FifoScheduler(() => parallel);
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const ended = new Map<string, Promise<void>>();
    const job = (id: string) => {
      const gate = new Promise<void>((r) => gates.set(id, r));
      let end!: () => void;
      ended.set(id, new Promise<void>((r) => { end = r; }));
      return {
        paragraphId: id,
        run: async () => {
          order.push(`start ${id}`);
          await gate;
          order.push(`end ${id}`);
          end();
        },
        dropped: () => undefined,
      };
    };
    for (const id of ['a', 'b', 'c', 'd']) s.submit(job(id));
    expect(order).toEqual(['start a', 'start b']);
    expect(s.size).toBe(4);
    gates.get('b')?.();
    await ended.get('b');
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start a', 'start b', 'end b', 'start c']);
    // The limit is read again whenever a job could start.
    parallel = 1;
    gates.get('a')?.();
    await ended.get('a');
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start a', 'start b', 'end b', 'start c', 'end a']);
    gates.get('c')?.();
    await ended.get('c');
    await new Promise((r) => setImmediate(r));
    expect(order.at(-1)).toBe('start d');
  });
});
