/**
 * The settings-template binder that Zeppelin's visualizations and transformations are given as `_compile`: our
 * column selector (a select per property, saved through the transformation's `save` / `remove`) and a published
 * package's own template (the bubble chart's All / Group buttons with ng-click and ng-class), under jsdom.
 */
import ColumnselectorTransformation from '../../helium-framework/zeppelin-tabledata/columnselector';
import { compileTemplate } from '../../src/helium/zeppelinPage/compile';
import { createScope, type TemplateScope } from '../../src/helium/zeppelinPage/scope';
import { TEMPLATES } from '../../src/helium/zeppelinPage/templates';

/** A jQuery-like wrapper: what renderSetting calls on its target. */
const wrap = (el: HTMLElement) => ({ html: (m: string) => { el.innerHTML = m; }, contents: () => el.childNodes });

function drawn(): { el: HTMLElement; hooks: object } {
  const el = document.createElement('div');
  document.body.appendChild(el);
  const hooks = { _compile: compileTemplate, _createNewScope: createScope, _templateRequest: (url: string) => Promise.resolve(TEMPLATES[url]) };
  return { el, hooks };
}

const TABLE = { columns: [{ name: 'fruit', index: 0, aggr: 'sum' }, { name: 'amount', index: 1, aggr: 'sum' }], rows: [['apple', '3']] };

test('the column selector lists the columns per property and saves the chosen column', async () => {
  const { el, hooks } = drawn();
  const config: Record<string, unknown> = {};
  const saved: unknown[] = [];
  const tr = Object.assign(new ColumnselectorTransformation(config, [{ name: 'xAxis' }, { name: 'yAxis' }]), hooks, { _emitter: (c: unknown) => saved.push(JSON.parse(JSON.stringify(c))) });
  tr.transform(TABLE);
  tr.renderSetting(wrap(el));
  await new Promise((r) => setTimeout(r, 0));
  const x = el.querySelector('select[aria-label="xAxis"]') as HTMLSelectElement;
  expect([...x.options].map((o) => o.textContent)).toEqual(['(none)', 'fruit', 'amount']);
  x.value = '1';
  x.dispatchEvent(new Event('change'));
  expect(saved).toEqual([{ xAxis: { name: 'amount', index: 1, aggr: 'sum' } }]);
  x.value = '';
  x.dispatchEvent(new Event('change'));
  expect(saved[1]).toEqual({ xAxis: null });
});

test('a package template: ng-click calls the scope, ng-class follows the config after $apply', () => {
  const { el } = drawn();
  el.innerHTML = `<div class="btn-group">
    <button type="button" ng-click="all()" ng-class="{'active': !config.mode || config.mode == 'all'}">All</button>
    <button type="button" ng-click="group()" ng-class="{'active': config.mode == 'group'}">Group</button></div>`;
  const config: Record<string, unknown> = {};
  const scope: TemplateScope = createScope();
  Object.assign(scope, { config, all: () => { config.mode = 'all'; }, group: () => { config.mode = 'group'; } });
  compileTemplate(el.childNodes)(scope);
  const [all, group] = [...el.querySelectorAll('button')];
  expect([all.classList.contains('active'), group.classList.contains('active')]).toEqual([true, false]);
  group.click();
  expect([all.classList.contains('active'), group.classList.contains('active')]).toEqual([false, true]);
});
