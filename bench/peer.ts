/**
 * The Nuxt peer: the product's bh /otc-allowance page as a Nuxt 3 app under bench/peers/nuxt,
 * with its own package.json and lock; its page is made from the product's at bench time
 * (bench/peer-snapshot.ts), so build it after writing the snapshot. The bench installs it on demand (`npm ci` in that folder,
 * from the npm registry; never a dependency of the product), builds it with nitro's
 * `cloudflare_module` preset, and serves the built Worker from the same Miniflare as the product,
 * behind a static-assets router of its own (its `.output/public`), on PEER_HOST.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const PEER_DIR = resolve('bench/peers/nuxt');
/** Host of the peer Worker; routed by Miniflare like the floor. */
export const PEER_HOST = 'peer.localhost';
/** The page the peer serves (the product serves it at bh /otc-allowance). */
export const PEER_PATH = '/otc-allowance';

export interface PeerBuild {
  serverDir: string;
  publicDir: string;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Installs (when its node_modules is missing) and builds the peer; returns where its Worker is. */
export function buildPeer(log: (text: string) => void = () => {}): PeerBuild {
  const env = { ...process.env, NITRO_PRESET: 'cloudflare_module', NUXT_TELEMETRY_DISABLED: '1', CI: '1' };
  if (!existsSync(join(PEER_DIR, 'node_modules', 'nuxt'))) {
    log('installing the Nuxt peer (npm ci in bench/peers/nuxt)');
    execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: PEER_DIR, stdio: 'inherit', env });
  }
  const build = { serverDir: join(PEER_DIR, '.output', 'server'), publicDir: join(PEER_DIR, '.output', 'public') };
  if (builtAfterSources(join(build.serverDir, 'index.mjs'))) {
    log('the Nuxt peer is built and unchanged since');
    return build;
  }
  log('building the Nuxt peer (nitro preset cloudflare_module)');
  execFileSync(npm, ['run', 'build'], { cwd: PEER_DIR, stdio: ['ignore', 'ignore', 'inherit'], env });
  if (!existsSync(join(build.serverDir, 'index.mjs')))
    throw new Error('the Nuxt peer build wrote no .output/server/index.mjs');
  return build;
}

/** Whether `output` is newer than every source of the peer (its app, its lock, the snapshot of the product's page). */
function builtAfterSources(output: string): boolean {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  const sources = [
    ...['nuxt.config.ts', 'app.vue', 'package-lock.json'].map((f) => join(PEER_DIR, f)),
    ...['pages', 'server', 'snapshot'].flatMap((d) =>
      readdirSync(join(PEER_DIR, d), { recursive: true, encoding: 'utf8' }).map((f) => join(PEER_DIR, d, f)),
    ),
  ];
  return sources.every((f) => statSync(f).mtimeMs < built);
}

/** Every module file of the built peer Worker (nitro splits chunks), index.mjs first. */
function peerModules(serverDir: string): { type: 'ESModule'; path: string }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.mjs')) files.push(path);
    }
  };
  walk(serverDir);
  const main = join(serverDir, 'index.mjs');
  return [main, ...files.filter((f) => f !== main)].map((path) => ({ type: 'ESModule', path }));
}

/**
 * Miniflare worker options for the peer: its modules, its assets, its own route, a KV namespace
 * for stored answers and the sandbox's origin (the page's tag-manager and ad scripts point there).
 */
export function peerWorker(build: PeerBuild, compatibilityDate: string | undefined, sandboxOrigin: string): object {
  return {
    name: 'peer-nuxt',
    compatibilityDate,
    compatibilityFlags: ['nodejs_compat'],
    bindings: { SANDBOX_ORIGIN: sandboxOrigin },
    kvNamespaces: { ANSWERS: 'peer-answers' },
    modulesRoot: build.serverDir,
    modules: peerModules(build.serverDir),
    routes: [`${PEER_HOST}/*`],
    assets: { directory: build.publicDir, binding: 'ASSETS', routerConfig: { has_user_worker: true } },
  };
}
