/* A Helium spell: `%wordcount <text>` answers a table of counts, computed in the browser. */
import { SpellBase, SpellResult, DefaultDisplayType } from 'zeppelin-spell';

export default class WordcountSpell extends SpellBase {
  constructor() {
    super('%wordcount');
  }

  interpret(text, config) {
    const top = Number.isFinite(Number(config.top)) && Number(config.top) >= 0 ? Math.floor(Number(config.top)) : 5;
    const words = text.split(/\s+/).filter((w) => w !== '');
    const freq = {};
    words.forEach((w) => { const k = w.toLowerCase(); freq[k] = (freq[k] || 0) + 1; });
    const rows = [
      ['lines', text === '' ? 0 : text.split('\n').length],
      ['words', words.length],
      ['characters', text.length],
    ];
    Object.keys(freq)
      .sort((a, b) => freq[b] - freq[a] || (a < b ? -1 : 1))
      .slice(0, top)
      .forEach((w) => rows.push([`"${w.replace(/[\t\n]/g, ' ')}"`, freq[w]]));
    return new SpellResult(`metric\tcount\n${rows.map((r) => r.join('\t')).join('\n')}`, DefaultDisplayType.TABLE);
  }
}
