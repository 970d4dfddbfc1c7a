// A jest test sequencer that runs every selected test file SAGA_REPEAT times in a row (default 10) in one jest
// process: `npm test` runs the saga suite with it, so a saga test that depends on timing or on the order of
// unrelated work fails there. Each round runs the files in the same order.
class RepeatSequencer {
  sort(tests) {
    const times = Number(process.env.SAGA_REPEAT || 10);
    const once = [...tests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return Array.from({ length: times }, () => once).flat();
  }

  shard(tests) {
    return tests;
  }

  allFailedTests(tests) {
    return tests;
  }

  cacheResults() {}
}

module.exports = RepeatSequencer;
