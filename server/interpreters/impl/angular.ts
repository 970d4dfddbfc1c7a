/** `%angular` (also `%ng`): the paragraph's text is its ANGULAR result, compiled by AngularJS in the result frame. */
import { InstantInterpreter } from './instant';

export class AngularInterpreter extends InstantInterpreter {
  protected resultOf(script: string): { type: 'ANGULAR'; data: string } {
    return { type: 'ANGULAR', data: script };
  }
}
