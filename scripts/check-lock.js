// Fails when an optional dependency has no entry in package-lock.json: npm ci would then refuse the lockfile
// on a clean machine (the registry lacks some other-platform binaries of the newest releases).
const path = require('path');
const lock = require(path.resolve(process.argv[2] || 'package-lock.json'));
const pkgs = lock.packages;
let missing = 0;
for (const [loc, meta] of Object.entries(pkgs)) {
  for (const dep of Object.keys(meta.optionalDependencies || {})) {
    let base = loc;
    let found = false;
    for (;;) {
      if (pkgs[(base ? base + '/' : '') + 'node_modules/' + dep]) { found = true; break; }
      if (!base) break;
      const i = base.lastIndexOf('/node_modules/');
      base = i < 0 ? '' : base.slice(0, i);
    }
    if (!found) { missing++; console.log(`${loc || '(root)'} -> ${dep} missing from the lockfile`); }
  }
}
console.log(missing ? `${missing} optional dependencies missing from package-lock.json` : 'lockfile OK');
process.exit(missing ? 1 : 0);
