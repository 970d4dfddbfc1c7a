#!/usr/bin/env node
// `npm run hash-password`: prints a `$scrypt$<salt>$<hash>` line to use instead of a plain password in
// $ZEPPELIN_CONF_DIR/shiro.ini's [users] section (`admin = $scrypt$..., admin`). The password is read without echo
// from the terminal, or from standard input when piped (`printf %s 'secret' | npm run -s hash-password`).
// Same scrypt parameters as server/auth/passwords.ts (N=16384, r=8, p=1, 32-byte key, 16-byte salt).
const crypto = require('crypto');

function hash(password) {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `$scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

function readPiped() {
  return new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d) => { text += d; });
    process.stdin.on('end', () => resolve(text.replace(/\r?\n$/, '')));
    process.stdin.on('error', reject);
  });
}

function ask(prompt) {
  return new Promise((resolve) => {
    process.stderr.write(prompt);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let text = '';
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.removeListener('data', onData);
          process.stderr.write('\n');
          resolve(text);
          return;
        }
        if (ch === '\u0003') {
          process.stderr.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  let password;
  if (process.argv[2] !== undefined) {
    password = process.argv[2];
    process.stderr.write('Note: a password given on the command line stays in your shell history.\n');
  } else if (process.stdin.isTTY) {
    password = await ask('Password: ');
    const again = await ask('Repeat password: ');
    if (again !== password) {
      console.error('The two passwords differ; nothing was printed.');
      process.exit(1);
    }
  } else {
    password = await readPiped();
  }
  if (!password) {
    console.error('An empty password cannot be hashed.');
    process.exit(1);
  }
  console.log(hash(password));
}

main();
