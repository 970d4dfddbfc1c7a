/**
 * Undo and redo of the local user's own edits only. Monaco's undo stack records offsets at the time of each edit
 * and replays them blindly, so once a collaborator's text is put into the model its Ctrl+Z either undoes their text
 * (when the edit was recorded) or damages the wrong characters (when it was not). This history keeps each local
 * step as a replacement at an offset and moves it past every outside edit, dropping a step an outside edit has
 * touched, since undoing it could no longer restore what the user saw.
 */

/** A replacement in the text: at `offset`, `inserted` stands where `removed` was (in a stack: what is there now). */
export interface Step {
  offset: number;
  removed: string;
  inserted: string;
}

/** Typing that continues within this time at the same place undoes as one step, roughly as Monaco groups words. */
export const GROUP_MS = 1000;

/** The one replacement that turns `before` into `after` (common head and tail left out). */
export function stepBetween(before: string, after: string): Step | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let head = 0;
  while (head < max && before.charCodeAt(head) === after.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { offset: head, removed: before.slice(head, before.length - tail), inserted: after.slice(head, after.length - tail) };
}

/** `step` after an outside replacement `other` was applied to the text, or null when `other` touched it. */
function moved(step: Step, other: Step): Step | null {
  const end = step.offset + step.inserted.length;
  const otherEnd = other.offset + other.removed.length;
  if (otherEnd <= step.offset) {
    return { ...step, offset: step.offset + other.inserted.length - other.removed.length };
  }
  if (other.offset >= end) return step;
  return null;
}

export class LocalHistory {
  private undoSteps: Step[] = [];
  private redoSteps: Step[] = [];
  private lastAt = -Infinity;

  /** The user changed the text. */
  local(step: Step, now: number): void {
    this.redoSteps = [];
    const last = this.undoSteps[this.undoSteps.length - 1];
    const typingOn = last && now - this.lastAt < GROUP_MS && last.removed === '' && step.removed === ''
      && step.offset === last.offset + last.inserted.length;
    const deletingOn = last && now - this.lastAt < GROUP_MS && last.inserted === '' && step.inserted === ''
      && step.offset + step.removed.length === last.offset;
    this.lastAt = now;
    if (typingOn) last.inserted += step.inserted;
    else if (deletingOn) this.undoSteps[this.undoSteps.length - 1] = { offset: step.offset, removed: step.removed + last.removed, inserted: '' };
    else this.undoSteps.push({ ...step });
  }

  /** Someone else's change arrived: every step keeps pointing at the user's own text. */
  outside(step: Step): void {
    const move = (steps: Step[]) => steps.map((s) => moved(s, step)).filter((s): s is Step => s !== null);
    this.undoSteps = move(this.undoSteps);
    this.redoSteps = move(this.redoSteps);
    // Typing after an outside change starts a new step, so that undo stops where the other text came in.
    this.lastAt = -Infinity;
  }

  /** The replacement that undoes the user's last step, to be applied to the text; it becomes redoable. */
  undo(): Step | null {
    const step = this.undoSteps.pop();
    if (!step) return null;
    const inverse = { offset: step.offset, removed: step.inserted, inserted: step.removed };
    this.redoSteps.push(inverse);
    this.lastAt = -Infinity;
    return inverse;
  }

  redo(): Step | null {
    const inverse = this.redoSteps.pop();
    if (!inverse) return null;
    const step = { offset: inverse.offset, removed: inverse.inserted, inserted: inverse.removed };
    this.undoSteps.push(step);
    this.lastAt = -Infinity;
    return step;
  }

  clear(): void {
    this.undoSteps = [];
    this.redoSteps = [];
    this.lastAt = -Infinity;
  }
}
