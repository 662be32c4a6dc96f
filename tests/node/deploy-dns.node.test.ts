import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run deploy -- --env production --dry-run` lists the DNS records of every brand hostname it
 * would attach as a Custom Domain and refuses while any exist, unless `--take-over-dns` names the
 * hostname. The Cloudflare API is a stand-in here (CLOUDFLARE_API_BASE_URL) answering as the
 * published reference does: GET /zones?name=, GET /zones/{zone_id}/dns_records?name.exact= (its name
 * filter is an object: exact, contains, startswith, endswith), each in the
 * `{ success, errors, messages, result }` envelope, and 403 without the bearer token.
 */
const repo = resolve('.');
let checkout = '';
let server: Server;
let base = '';
const requests: string[] = [];

/** One zone per brand domain; a live site's A record on askemily.com and a CNAME on www.askemily.com. */
const RECORDS: Record<string, { type: string; name: string; content: string }[]> = {
  'askemily.com': [{ type: 'A', name: 'askemily.com', content: '192.0.2.10' }],
  'www.askemily.com': [{ type: 'CNAME', name: 'www.askemily.com', content: 'askemily.com' }],
};

function standIn(): Promise<void> {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, result: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: status === 200,
          errors: status === 200 ? [] : [{ code: 10000, message: 'Authentication error' }],
          messages: [],
          result,
        }),
      );
    };
    if (req.headers.authorization !== 'Bearer test-dns-token') return send(403, null);
    if (req.method === 'GET' && url.pathname === '/client/v4/zones') {
      const name = url.searchParams.get('name') ?? '';
      // Zones are the registrable domains: a subdomain is not one.
      return send(200, name.split('.').length === 2 ? [{ id: `zone-${name.replace('.', '-')}`, name }] : []);
    }
    const records = /^\/client\/v4\/zones\/([^/]+)\/dns_records$/.exec(url.pathname);
    if (req.method === 'GET' && records) return send(200, RECORDS[url.searchParams.get('name.exact') ?? ''] ?? []);
    return send(404, null);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
      done();
    }),
  );
}

/** Spawned, not spawnSync: the stand-in answers from this process's event loop while the deploy runs. */
function deploy(
  args: string[],
  /** Stop the deploy once its output says this: what follows needs the real account. */
  until?: RegExp,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_API_TOKEN: 'test-dns-token',
    CLOUDFLARE_API_BASE_URL: base,
  };
  delete env.CLOUDFLARE_ACCOUNT_ID;
  const child = spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/deploy.ts', ...args], {
    cwd: checkout,
    env,
    timeout: 170_000,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (until?.test(stdout)) child.kill();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

beforeAll(async () => {
  await standIn();
  checkout = mkdtempSync(join(tmpdir(), 'quote-funnel-dns-'));
  execFileSync('sh', ['-c', `git -C "${repo}" archive HEAD | tar -x -C "${checkout}"`]);
  symlinkSync(join(repo, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  // The operator values of docs/operating.md, step 1, so only the DNS step can refuse.
  const path = join(checkout, 'wrangler.toml');
  writeFileSync(
    path,
    readFileSync(path, 'utf8')
      .replace('"set-the-production-lead-router"', '"https://leads.benefithelpers.com/sellers"')
      .replace('TURNSTILE_SITE_KEY = "set-the-production-site-key"', 'TURNSTILE_SITE_KEY = "0x4AAAAAAAB3kWtQz9xYvN1c"'),
  );
});

afterAll(() => {
  server?.close();
  if (checkout) rmSync(checkout, { recursive: true, force: true });
});

describe('npm run deploy -- --env production: existing DNS records of a brand hostname', () => {
  it(
    'refuses with the list of hostnames and their records, before anything is deployed',
    { timeout: 180_000 },
    async () => {
      const run = await deploy(['--env', 'production', '--dry-run']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('refusing to attach Custom Domains over existing DNS records (2 hostname(s))');
      expect(run.stderr).toContain('askemily.com: 1 DNS record(s) would be replaced: A 192.0.2.10');
      expect(run.stderr).toContain('www.askemily.com: 1 DNS record(s) would be replaced: CNAME askemily.com');
      expect(run.stderr).toContain('--take-over-dns=');
      expect(run.stdout).not.toContain('== 5/6 deploy');
      // Every hostname's records were asked for, by exact name, in its zone.
      expect(requests).toContain(
        'GET /client/v4/zones/zone-medicareten-com/dns_records?name.exact=es.medicareten.com&per_page=100',
      );
    },
  );

  it('refuses while any held hostname is not named, and goes on once each is', { timeout: 180_000 }, async () => {
    const one = await deploy(['--env', 'production', '--dry-run', '--take-over-dns=askemily.com']);
    expect(one.status).toBe(1);
    expect(one.stderr).toContain('www.askemily.com: 1 DNS record(s)');
    expect(one.stderr).not.toContain('  - askemily.com:');

    const both = await deploy(
      ['--env', 'production', '--dry-run', '--take-over-dns=askemily.com,www.askemily.com'],
      /^DNS: .*$/m,
    );
    expect(both.stdout).toContain('taking over the records of askemily.com, www.askemily.com as told');
    expect(both.stderr).not.toContain('refusing to attach');
  });
});
