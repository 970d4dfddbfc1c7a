/**
 * Feeds recorded frames (JSON text, decoded as the socket saga decodes them) and actions through the root reducer,
 * deep-freezing every state first: a reducer that mutates outside Immer throws.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../slices/rootReducer';
import { actionForFrame } from '../../slices/wsActions';
import { decodeServerFrame } from '../../protocol';

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export function feed(state: RootState | undefined, ...items: (string | UnknownAction)[]): RootState {
  let s = state ?? rootReducer(undefined, { type: '@@init' });
  for (const item of items) {
    let action: UnknownAction;
    if (typeof item === 'string') {
      const d = decodeServerFrame(item);
      if (!d.ok) throw new Error(d.error.message);
      action = actionForFrame(d.frame);
    } else action = item;
    s = rootReducer(deepFreeze(s), action);
  }
  return s;
}
