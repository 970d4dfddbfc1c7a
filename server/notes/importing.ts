/** The paragraphs an imported note keeps (PROTOCOL 5.2), checked before anything is created. */
import type { JsonObject, Paragraph } from '../../protocol';
import { noteShapeProblem } from '../storage/noteShape';
import { anyDateToFile } from '../util/dates';
import { ZeppelinError } from '../util/errors';
import { newParagraphId } from '../util/ids';
import { withNewJobName } from './paragraphs';

const DATE_FIELDS = ['dateUpdated', 'dateCreated', 'dateStarted', 'dateFinished'] as const;

/**
 * Ids, text, title, config, forms and results are kept; job names are new, dates of any accepted flavour become
 * file dates, and runs in flight end ABORT. A paragraph id used twice would make one paragraph unreachable (and
 * once broke search for everybody), so later duplicates get new ids.
 */
export function importedParagraphs(source: JsonObject): Paragraph[] {
  const problem = noteShapeProblem({ paragraphs: source.paragraphs });
  if (problem !== undefined) throw new ZeppelinError(`Bad note: ${problem}`, 'BAD_REQUEST');
  const raw = (source.paragraphs ?? []) as unknown as Paragraph[];
  const used = new Set<string>();
  return raw.map((given) => {
    const p = withNewJobName(given);
    for (const [k, v] of Object.entries(p)) if (v === null) delete p[k];
    if (typeof p.id !== 'string' || p.id === '' || used.has(p.id)) {
      let id = p.jobName as string;
      while (used.has(id)) id = newParagraphId();
      p.id = id;
    }
    used.add(p.id);
    for (const f of DATE_FIELDS) {
      const v = p[f];
      if (typeof v === 'string') p[f] = anyDateToFile(v);
    }
    if (p.status === 'RUNNING' || p.status === 'PENDING') p.status = 'ABORT';
    return p;
  });
}
