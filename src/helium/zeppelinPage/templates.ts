/**
 * The settings templates Zeppelin's page serves to its transformations (`_templateRequest(url)`), by URL. Ours are
 * forms with labelled controls instead of drag and drop: the column selector has one select per property.
 */
import { evaluate, type Scope } from './expressions';

const COLUMNSELECTOR = `
<div class="helium-columnselector" role="group" aria-label="Columns">
  <label ng-repeat="prop in props" class="helium-columnselector-prop">
    <span>{{prop.name}}</span>
    <select helium-column-select="prop.name" aria-label="{{prop.name}}">
      <option value="" ng-selected="!config[prop.name]">(none)</option>
      <option ng-repeat="col in tableDataColumns" value="{{col.index}}" ng-selected="config[prop.name].index === col.index && config[prop.name].name === col.name">{{col.name | limitTo: 30}}{{col.name.length > 30 ? '...' : ''}}</option>
    </select>
    <span ng-if="prop.tooltip" class="admin-muted">{{prop.tooltip}}</span>
  </label>
</div>`;

export const TEMPLATES: Record<string, string> = {
  'app/tabledata/columnselector_settings.html': COLUMNSELECTOR,
};

/**
 * `helium-column-select="prop.name"` on a select: choosing a column stores it (`{name, index, aggr}`) in
 * `config[prop]` and calls the scope's `save()`; choosing "(none)" calls `remove(prop)`, as Zeppelin's drop and
 * close handlers do.
 */
export function columnSelect(el: HTMLElement, src: string, scope: Scope): void {
  el.addEventListener('change', () => {
    const prop = evaluate(src, scope);
    const value = (el as HTMLSelectElement).value;
    const columns = (scope.tableDataColumns ?? []) as { index: number }[];
    const picked = columns.find((c) => String(c.index) === value);
    if (picked) {
      (scope.config as Record<string, unknown>)[String(prop)] = { ...picked };
      evaluate('save()', scope);
    } else {
      evaluate('remove(p)', scope, { p: prop });
    }
  });
}
