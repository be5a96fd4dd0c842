// The npm registry reachable from our machines serves only the Linux builds of packages with
// per-platform binaries, so `npm install` leaves the other platforms' optional packages out of
// package-lock.json and `npm ci` then refuses the lockfile ("Missing: ... from lock file").
// This adds those optional entries back, marked with their os/cpu so no machine installs them
// unless it is that platform. Run it after every `npm install`: `node .ci/fix-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'netbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
  'wasm32',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p) && p !== os);
  return { os, cpu };
}

let added = 0;
for (const [where, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/` : 'node_modules/';
    if (packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue;
    const stub = { version: String(range).replace(/^[\^~=]/, ''), optional: true };
    if (os === 'wasm32' || cpu === 'wasm32') stub.cpu = ['wasm32'];
    else {
      if (os) stub.os = [os];
      if (cpu) stub.cpu = [cpu];
    }
    packages[`node_modules/${dep}`] = stub;
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: added ${added} optional platform entries`);
