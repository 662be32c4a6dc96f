#!/usr/bin/env node
// `npm run lock:platforms [-- --check]`: every platform's optional package in package-lock.json.
//
// `npm ci` refuses a lock that lacks an optional dependency of a locked package ("Missing:
// @cloudflare/workerd-darwin-64 from lock file"), and npm drops such entries whenever it cannot
// resolve them from the registry it talks to (a mirror without the macOS and Windows builds of
// the current workerd, for one). This adds each missing per-platform entry (name, version, os
// and cpu, read from the package's name) so a clean `npm ci` works on every platform; npm
// fetches and verifies the package itself on the platform that installs it. `--check` only
// reports, and exits 1 when an entry is missing.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  ['darwin', 'darwin'],
  ['windows', 'win32'],
  ['win32', 'win32'],
  ['linux', 'linux'],
];
const CPU = [
  ['arm64', 'arm64'],
  ['x64', 'x64'],
  ['64', 'x64'],
];
const LIBC = ['musl', 'gnu'];
/** os, cpu and libc from a platform package's name, e.g. workerd-darwin-arm64 or node-bindings-linux-arm64-musl, or null. */
function platformOf(name) {
  const full = name.split('/').pop() ?? '';
  const libc = LIBC.find((word) => full.endsWith(`-${word}`));
  const tail = libc ? full.slice(0, -(libc.length + 1)) : full;
  const os = OS.find(([word]) => tail.includes(`-${word}-`) || tail.startsWith(`${word}-`));
  const cpu = CPU.find(([word]) => tail.endsWith(`-${word}`));
  return os && cpu ? { os: [os[1]], cpu: [cpu[1]], ...(libc ? { libc: [libc] } : {}) } : null;
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  if (!path.startsWith('node_modules/') || !entry.optionalDependencies) continue;
  const base = path.slice(0, path.lastIndexOf('node_modules/'));
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    // Resolved as Node does: next to the dependent first, then up to the root.
    const candidates = [`${path}/node_modules/${name}`, `${base}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((candidate) => packages[candidate])) continue;
    const platform = platformOf(name);
    // Only exact per-platform builds of an installed package; anything else is npm's business.
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const sibling = Object.entries(entry.optionalDependencies)
      .map(([other]) => packages[`node_modules/${other}`])
      .find(Boolean);
    // Fields in npm's own order, so a later npm install leaves the entry as it is.
    const value = {
      version,
      cpu: platform.cpu,
      dev: entry.dev,
      ...(platform.libc ? { libc: platform.libc } : {}),
      license: sibling?.license,
      optional: true,
      os: platform.os,
      engines: sibling?.engines,
    };
    missing.push({ key: `node_modules/${name}`, value });
  }
}

if (missing.length === 0) {
  console.log('lock: every platform package is listed');
} else if (check) {
  console.error(
    `lock: missing ${missing.map((m) => `${m.key.slice('node_modules/'.length)}@${m.value.version}`).join(', ')}; run npm run lock:platforms`,
  );
  process.exit(1);
} else {
  for (const { key, value } of missing) packages[key] = JSON.parse(JSON.stringify(value));
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock: added ${missing.map((m) => m.key.slice('node_modules/'.length)).join(', ')}`);
}
