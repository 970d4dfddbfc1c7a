/**
 * The messages between the note page and its result document (result-frame.html, a sandboxed frame without
 * same-origin rights). Every message carries `zeppelin: true`; each side reads only messages from the other's window.
 */

/** One HTML, ANGULAR or ELEMENT result (or a Helium application's HTML output) hosted by the note's document. */
export interface FrameItem {
  key: string;
  paragraphId: string;
  angular: boolean;
  html: string;
}

/** Where a result's placeholder is, in the coordinates of the layer the frame covers; null while it is not shown. */
export interface SlotPlace {
  top: number;
  left: number;
  width: number;
}

export type ToFrame =
  /** `items` changed or new (in note order); `keys` is every key the note has now, so the rest are removed. */
  | { zeppelin: true; kind: 'results'; items: FrameItem[]; keys: string[] }
  | { zeppelin: true; kind: 'layout'; slots: Record<string, SlotPlace | null> }
  /** Angular objects by scope ('' = the note's), and the note's paragraph ids for z.runParagraph checks. */
  | { zeppelin: true; kind: 'scope'; values: Record<string, Record<string, unknown>>; paragraphIds: string[] };

export type FromFrame =
  | { zeppelin: true; kind: 'ready' }
  | { zeppelin: true; kind: 'heights'; heights: Record<string, number> }
  | { zeppelin: true; kind: 'run'; paragraphId: string }
  | { zeppelin: true; kind: 'bind'; name: string; value: unknown; paragraphId: string }
  | { zeppelin: true; kind: 'unbind'; name: string; paragraphId: string }
  /** A user changed an angular object in a result of `paragraphId` (ng-model, an ng-click assignment). */
  | { zeppelin: true; kind: 'set'; name: string; value: unknown; paragraphId: string }
  /** A double click on a result of `paragraphId` (a %md paragraph opens its editor on it, as in Zeppelin). */
  | { zeppelin: true; kind: 'dblclick'; paragraphId: string };

export const noParagraphWithId = (id: string): string => `Cannot find a paragraph with id ${id}`;
