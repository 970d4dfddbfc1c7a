/** The saved TABLE results of the fixture notes, with their result configs. */
import fs from 'fs';
import path from 'path';
import type { Paragraph, ResultConfig } from '../../protocol/model';

export interface FixtureResult {
  note: string;
  paragraphId: string;
  index: number;
  type: string;
  data: string;
  config: ResultConfig;
}

const DIR = path.join(__dirname, '..', 'fixtures', 'zeppelin-notes');

export function fixtureResults(): FixtureResult[] {
  const out: FixtureResult[] = [];
  for (const f of fs.readdirSync(DIR).filter((x) => x.endsWith('.zpln'))) {
    const note = JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as { paragraphs: Paragraph[] };
    for (const p of note.paragraphs) {
      (p.results?.msg ?? []).forEach((m, index) => {
        const config = p.config?.results?.[String(index)];
        if (m.type === 'TABLE' && config) out.push({ note: f, paragraphId: p.id, index, type: m.type, data: m.data, config });
      });
    }
  }
  return out;
}
