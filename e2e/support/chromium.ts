/**
 * Which Chromium the browser tests drive: Debian's (or the binary CHROMIUM_PATH names) when there is one, otherwise
 * the headless Chromium that the @sparticuz/chromium npm package ships, unpacked once into node_modules/.cache.
 * Only the binary, its fonts and its libraries come from that package: it is launched with our flags, never with the
 * package's defaults (which turn web security and site isolation off).
 */
import fs from 'fs';
import path from 'path';
import zlib from 'zlib';
import { pipeline } from 'stream/promises';
import { extract } from 'tar-fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** `CHROMIUM_PATH=packaged` uses the npm package's Chromium even where Debian's is installed (as on a bare machine). */
const PACKAGED = 'packaged';

export interface ChromiumBinary {
  executablePath: string;
  /** Environment the binary needs (the packaged one brings its own NSS libraries and font configuration). */
  env: Record<string, string>;
  /** For the test summary: where the binary came from. */
  description: string;
}

/** The binary named by CHROMIUM_PATH, else Debian's when present, else undefined (the packaged one is used). */
export function systemChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env.CHROMIUM_PATH;
  if (named === PACKAGED) return undefined;
  if (named) {
    if (!fs.existsSync(named)) throw new Error(`CHROMIUM_PATH names ${named}, which does not exist`);
    return named;
  }
  return fs.existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}

/** The package's folder (its exports hide package.json, so walk up from its entry point). */
function packageDir(): string {
  let dir = path.dirname(require.resolve('@sparticuz/chromium'));
  while (!fs.existsSync(path.join(dir, 'bin', 'chromium.br'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('@sparticuz/chromium has no bin/chromium.br: run `npm ci`');
    dir = up;
  }
  return dir;
}

function packagedCacheDir(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string };
  return path.resolve(__dirname, '..', '..', 'node_modules', '.cache', `zeppelin-chromium-${version}`);
}

async function unbrotli(from: string, to: string, mode?: number): Promise<void> {
  await pipeline(fs.createReadStream(from), zlib.createBrotliDecompress(), fs.createWriteStream(to, mode === undefined ? {} : { mode }));
}

async function untar(from: string, to: string): Promise<void> {
  await pipeline(fs.createReadStream(from), zlib.createBrotliDecompress(), extract(to));
}

/**
 * Unpacks into a private folder and renames it into place, so parallel test workers never see half a binary:
 * whichever rename comes first wins and the others discard their copy.
 */
async function unpack(target: string): Promise<void> {
  const bin = path.join(packageDir(), 'bin');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(`${target}.unpacking-`);
  try {
    await Promise.all([
      unbrotli(path.join(bin, 'chromium.br'), path.join(work, 'chromium'), 0o755),
      untar(path.join(bin, 'al2023.tar.br'), work),
      untar(path.join(bin, 'fonts.tar.br'), work),
    ]);
    // The package's fonts.conf points at serverless folders; ours at the bundled fonts and the system's.
    fs.writeFileSync(path.join(work, 'fonts.conf'), [
      '<?xml version="1.0"?>', '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">', '<fontconfig>',
      `  <dir>${path.join(target, 'fonts')}</dir>`, '  <dir>/usr/share/fonts</dir>',
      `  <cachedir>${path.join(target, 'fonts-cache')}</cachedir>`, '</fontconfig>', '',
    ].join('\n'));
    try {
      fs.renameSync(work, target);
    } catch (e) {
      if (!fs.existsSync(path.join(target, 'chromium'))) throw e;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** The npm package's Chromium, unpacked on first use. */
export async function packagedChromium(): Promise<ChromiumBinary> {
  const dir = packagedCacheDir();
  if (!fs.existsSync(path.join(dir, 'chromium'))) await unpack(dir);
  return {
    executablePath: path.join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: path.join(dir, 'lib'), FONTCONFIG_FILE: path.join(dir, 'fonts.conf') },
    description: `the headless Chromium of the @sparticuz/chromium package (${path.basename(dir)})`,
  };
}

let resolved: Promise<ChromiumBinary> | undefined;

/** The Chromium to launch; the packaged one is unpacked on first use. */
export function chromiumBinary(): Promise<ChromiumBinary> {
  resolved ??= (async () => {
    const system = systemChromium();
    return system ? { executablePath: system, env: {}, description: system } : packagedChromium();
  })();
  return resolved;
}
