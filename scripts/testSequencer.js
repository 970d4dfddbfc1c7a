// jest's own order, longest file first, needs the timings of an earlier run; on a fresh machine (CI) it falls back
// to file size, which puts some of the longest browser tests last, where one file then runs alone on one core while
// the others idle. A file that says `@slow` in its leading comments is taken as long when no timing is known.
const fs = require('fs');
const Sequencer = require('@jest/test-sequencer').default;

/** An assumed run time for a file with no recorded one: long for `@slow` files, else growing with its size. */
function assumedMs(path) {
  const text = fs.readFileSync(path, 'utf8');
  const head = text.slice(0, Math.max(0, text.search(/^import /m)));
  return (/@slow\b/.test(head) ? 60_000 : 0) + text.length / 2;
}

class SlowFirstSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? assumedMs(test.path);
  }
}

module.exports = SlowFirstSequencer;
