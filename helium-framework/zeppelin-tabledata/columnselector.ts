/**
 * Lets the user pick one column of the table for each named property of a visualization (`props`, e.g. x and y);
 * each choice is kept in the configuration under the property's name as the column (`{name, index, aggr}`).
 */
import type { Column } from './tabledata';
import Transformation, { type TransformationConfig } from './transformation';
import type { Setting } from './settings';

export interface ColumnselectorProp {
  name: string;
  tooltip?: string;
}

/** The page's template for this panel (the URL Zeppelin's page serves it under). */
export const COLUMNSELECTOR_TEMPLATE = 'app/tabledata/columnselector_settings.html';

export default class ColumnselectorTransformation extends Transformation {
  props: ColumnselectorProp[];
  tableDataColumns: Column[] = [];

  constructor(config: TransformationConfig, props: ColumnselectorProp[]) {
    super(config);
    this.props = props;
  }

  override getSetting(): Setting {
    const config = this.config;
    return {
      template: COLUMNSELECTOR_TEMPLATE,
      scope: {
        config,
        props: this.props,
        tableDataColumns: this.tableDataColumns,
        save: () => this.emitConfig(config),
        remove: (prop: string) => {
          config[prop] = null;
          this.emitConfig(config);
        },
      },
    };
  }

  override transform(tableData: unknown): unknown {
    const columns = (tableData as { columns?: Column[] } | null)?.columns;
    this.tableDataColumns = Array.isArray(columns) ? columns : [];
    this.removeUnknown();
    return tableData;
  }

  /** A saved column that the table no longer has (by name and position) is forgotten. */
  removeUnknown(): void {
    for (const [key, value] of Object.entries(this.config)) {
      if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
      const c = value as Partial<Column>;
      if (!this.tableDataColumns.some((t) => t.index === c.index && t.name === c.name)) this.config[key] = null;
    }
  }
}
