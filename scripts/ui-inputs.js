// What the UI build is made from, as one content hash: `npm start` and `npm test` rebuild only when it differs
// from the hash the last production build wrote beside its output (file times are not used: webpack leaves
// unchanged output files alone, so their times say nothing about the sources).
const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const INPUTS = ['protocol', 'src', 'slices', 'sagas', 'webpack.config.js', 'package-lock.json'];
/** Written into the build's output folder by the production build (see webpack.config.js). */
const STAMP = 'build-inputs.sha256';

function files(p) {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs.readdirSync(p).sort().flatMap((name) => files(path.join(p, name)));
}

function uiInputsHash(root = ROOT) {
  const hash = crypto.createHash('sha256');
  for (const file of INPUTS.flatMap((p) => files(path.join(root, p)))) {
    hash.update(`${path.relative(root, file)}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when `webDir` holds a production build of exactly the current sources. */
function uiIsFresh(webDir, root = ROOT) {
  const stamp = path.join(webDir, STAMP);
  if (!fs.existsSync(path.join(webDir, 'index.html')) || !fs.existsSync(stamp)) return false;
  return fs.readFileSync(stamp, 'utf8').trim() === uiInputsHash(root);
}

module.exports = { STAMP, uiInputsHash, uiIsFresh };
