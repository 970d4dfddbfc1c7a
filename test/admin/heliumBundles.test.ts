/** The page-side Helium registry: entries of `window._heliumBundles`, as Zeppelin's page takes them. */
import { createHeliumRegistry, type HeliumBundleEntry } from '../../sagas/heliumRegistry';

class Vis {
  constructor(readonly targetEl: unknown, readonly config: unknown) {}
}
class Spell {
  getMagic(): string { return '%s'; }
  interpret(): unknown { return null; }
}
class NoMagic {
  interpret(): unknown { return null; }
}

const entry = (name: string, type: string, cls: unknown, id = name): HeliumBundleEntry => ({ id, name, icon: '', type, class: cls });

test('entries are registered by type: spells instantiated once by magic, visualizations kept as classes', () => {
  const r = createHeliumRegistry();
  const seen: number[] = [];
  r.subscribe(() => seen.push(r.visualizations().length + r.spells().length));
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(r.register([entry('bad', 'SPELL', NoMagic), entry('odd', 'APPLICATION', Vis), entry('x', 'VISUALIZATION', 'not a class')])).toEqual([]);
  expect(errors).toHaveBeenCalledTimes(3);
  errors.mockRestore();
  expect(r.register([entry('v', 'VISUALIZATION', Vis, 'v-module'), entry('s', 'SPELL', Spell)])).toEqual(['v', 's']);
  expect(r.visualizations().map((v) => [v.id, v.name, v.class])).toEqual([['v-module', 'v', Vis]]);
  expect(r.spellFor('  %s hello')?.spell).toBeInstanceOf(Spell);
  expect(r.spellFor('%other')).toBeUndefined();
  expect(Object.keys(r.spellsByMagic())).toEqual(['%s']);
  expect(seen).toEqual([2]);
});

test('registering a package again replaces it; clear empties the registry', () => {
  const r = createHeliumRegistry();
  class Vis2 extends Vis {}
  r.register([entry('v', 'VISUALIZATION', Vis)]);
  r.register([entry('v', 'VISUALIZATION', Vis2)]);
  expect(r.visualizations().map((v) => v.class)).toEqual([Vis2]);
  r.clear();
  expect([r.visualizations().length, r.spells().length]).toEqual([0, 0]);
});
