/** The transformation that hands the table on unchanged. */
import Transformation, { type TransformationConfig } from './transformation';

export default class PassthroughTransformation extends Transformation {
  constructor(config: TransformationConfig) {
    super(config);
  }

  override transform(tableData: unknown): unknown {
    return tableData;
  }
}
