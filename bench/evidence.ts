/**
 * `npm run bench -- --only=evidence [--leads=N]`: what consent evidence costs a lead. N Medicare
 * leads walk bh /get-yours-otc as forms (the no-JavaScript path, which the bench drives without a
 * browser) on the built Worker as deployed; their final posts alternate, in blocks, between what
 * a JavaScript lead sends (the snapshot hash the served step carries, a visibility report) and
 * neither. workerd CPU is read from /proc per block, each block run until workerd is quiet so its
 * background work (snapshot store, log append, delivery) counts; then Miniflare is stopped and its
 * own files are read: D1 and the log Durable Object by SQLite's dbstat, R2 by listing the bucket.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandByCode } from '../brands';
import { send, startHarness, WORKER_NAME, type Harness } from './harness';
import { cookieHeader, cookieLine } from './visitors';
import { workerdCpuMs } from './workerd-cpu';
import type { EvidenceMeasure } from './evidence-section';
import { readEvidenceFiles } from './evidence-storage';

const HOST = 'bh.localhost';
const PAGE = '/get-yours-otc';
/** A person's browser: isbot judges the agent, and an HTTP client's own is rightly a bot. */
const USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BLOCK = 25;
/** The R2 prefixes consent evidence writes (the snapshots; the log's signed heads); others are the walk's own. */
const EVIDENCE_PREFIXES = ['page-snapshots', 'lead-log'];

interface Walker {
  ip: string;
  jar: Map<string, string>;
  contactHtml: string;
  nameAt: number;
}

const decode = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    if (m[1] !== undefined) fields[m[1]] = decode(m[2] ?? '');
  const id = /name="submissionId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (id) fields.submissionId = id;
  return fields;
}

function request(h: Harness, w: Walker, method: 'GET' | 'POST', path: string, fields?: Record<string, string>) {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    'cf-connecting-ip': w.ip,
    ...(w.jar.size ? { cookie: cookieLine(w.jar) } : {}),
    ...(method === 'POST' ? { origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' } : {}),
  };
  return send(h.port, method, HOST, path, headers, fields ? new URLSearchParams(fields).toString() : undefined);
}

/** GET a step, POST its form with `fields` (a 307 that clears a cookie hint is followed, as a browser does). */
async function step(h: Harness, w: Walker, name: string, fields: Record<string, string>): Promise<void> {
  const page = await request(h, w, 'GET', `${PAGE}/${name}`);
  cookieHeader(page.headers, w.jar);
  if (page.status !== 200) throw new Error(`GET ${PAGE}/${name}: ${page.status}`);
  const body = { ...hiddenFields(page.body), ...fields };
  let res = await request(h, w, 'POST', `${PAGE}/${name}`, body);
  cookieHeader(res.headers, w.jar);
  if (res.status === 307) res = await request(h, w, 'POST', `${PAGE}/${name}`, body);
  cookieHeader(res.headers, w.jar);
  if (res.status !== 303) throw new Error(`POST ${PAGE}/${name}: ${res.status} ${res.body.slice(0, 300)}`);
}

/** A Turnstile token as the sandbox's stand-in widget mints it (tests/support/turnstile.ts). */
function turnstileToken(): string {
  const claims = Buffer.from(JSON.stringify({ h: HOST, a: 'lead-medicare' })).toString('base64url');
  return `0.sandbox-turnstile.${crypto.randomUUID().replace(/-/g, '')}.${claims}`;
}

/** What a 390x844 phone reports on this step (the shape of src/shared/consent/visibility.ts). */
function visibilityReport(buttonLabel: string, timeOnStepMs: number): string {
  return JSON.stringify({
    box: { top: 420, left: 16, width: 358, height: 118 },
    gapToButton: 10,
    fontSizePx: 13,
    contrastRatio: 14.7,
    fullTextOpened: false,
    timeOnStepMs,
    buttonLabel,
    viewport: { width: 390, height: 844 },
  });
}

/** Waits until this run's workerd spends no more CPU (two equal readings 400 ms apart, at most 20 s). */
async function quiet(): Promise<void> {
  const until = performance.now() + 20_000;
  let last = workerdCpuMs();
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 400));
    const now = workerdCpuMs();
    if (now === last) return;
    last = now;
  }
}

async function cpuOf(run: () => Promise<void>): Promise<number> {
  await quiet();
  const before = workerdCpuMs();
  await run();
  await quiet();
  return workerdCpuMs() - before;
}

export async function benchEvidence(leads: number, log: (text: string) => void): Promise<EvidenceMeasure> {
  // The run's own state directory, read after Miniflare stops, and removed whatever happens.
  const persistDir = mkdtempSync(join(tmpdir(), 'quote-funnel-evidence-'));
  try {
    return await measureIn(persistDir, leads, log);
  } finally {
    rmSync(persistDir, { recursive: true, force: true });
  }
}

async function measureIn(persistDir: string, leads: number, log: (text: string) => void): Promise<EvidenceMeasure> {
  const h = await startHarness({ deployed: true, persistDir });
  const seller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id;
  if (!seller) throw new Error('bh has no Medicare seller to tick');
  const r2: EvidenceMeasure['r2'] = [];
  let cpu: EvidenceMeasure['cpu'];
  let retentionDays = 90;
  let hotDays = 2;
  try {
    const walkers: Walker[] = Array.from({ length: leads }, (_, i) => ({
      ip: `198.18.${Math.floor(i / 250)}.${1 + (i % 250)}`,
      jar: new Map<string, string>(),
      contactHtml: '',
      nameAt: 0,
    }));
    log(`evidence: walking ${leads} visitors to the consent step`);
    for (const w of walkers) {
      const first = await request(h, w, 'GET', PAGE);
      cookieHeader(first.headers, w.jar);
      await step(h, w, 'zip', { zipcode: '33101' });
      await step(h, w, 'medicare', { haveMedicare: '1' });
      await step(h, w, 'medicaid', { haveMedicaid: '0' });
      await step(h, w, 'name', { firstName: 'Ada', lastName: 'Lovelace' });
      w.nameAt = Date.now();
    }
    // The consent step's GET: every lead's (a walk without JavaScript), and the island's extra one for a JavaScript lead.
    const getMs = await cpuOf(async () => {
      for (const w of walkers) {
        const page = await request(h, w, 'GET', `${PAGE}/contact`);
        cookieHeader(page.headers, w.jar);
        if (page.status !== 200) throw new Error(`GET ${PAGE}/contact: ${page.status}`);
        w.contactHtml = page.body;
      }
    });
    const blocks: EvidenceMeasure['cpu']['blocks'] = [];
    const spent = { with: 0, without: 0 };
    const counted = { with: 0, without: 0 };
    for (let start = 0, b = 0; start < walkers.length; start += BLOCK, b++) {
      const kind = b % 2 === 0 ? 'with' : 'without';
      const block = walkers.slice(start, start + BLOCK);
      const ms = await cpuOf(async () => {
        for (const [i, w] of block.entries()) {
          const fields = hiddenFields(w.contactHtml);
          const button = /<button[^>]*type="submit"[^>]*>([^<]+)</.exec(w.contactHtml)?.[1] ?? '';
          const contact = String(2_000_000 + start + i).padStart(7, '0');
          const body: Record<string, string> = {
            ...fields,
            phone: `(305) ${contact.slice(0, 3)}-${contact.slice(3)}`,
            email: `ada.bench${start + i}@example.com`,
            [`consentSeller:${seller}`]: 'yes',
            'cf-turnstile-response': turnstileToken(),
          };
          if (kind === 'with') {
            body.consentVisibility = visibilityReport(decode(button), Math.max(0, Date.now() - w.nameAt - 100));
            body.consentFullTextOpened = 'no';
          } else delete body.pageSnapshot;
          let res = await request(h, w, 'POST', `${PAGE}/contact`, body);
          // Outside the agents' hours the step answers with the call-back screen, whose form carries
          // every posted field on: "Send without a call-back time" finishes it, as a visitor would.
          if (res.status === 200 && res.body.includes('name="_callback"'))
            res = await request(h, w, 'POST', `${PAGE}/contact`, { ...hiddenFields(res.body), _callback: 'none' });
          if (res.status !== 303) throw new Error(`final POST: ${res.status} ${res.body.slice(0, 300)}`);
        }
      });
      spent[kind] += ms;
      counted[kind] += block.length;
      blocks.push({ kind, msPerLead: ms / block.length });
      log(`evidence: block ${b + 1} (${kind} evidence): ${(ms / block.length).toFixed(2)} ms a final step`);
    }
    cpu = {
      finalWith: spent.with / Math.max(1, counted.with),
      finalWithout: spent.without / Math.max(1, counted.without),
      consentGet: getMs / leads,
      blocks,
    };
    const bucket = await h.mf.getR2Bucket('ARCHIVE', WORKER_NAME);
    const byPrefix = new Map<string, { objects: number; bytes: number }>();
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
      for (const o of page.objects) {
        const prefix = o.key.split('/')[0] ?? '';
        const e = byPrefix.get(prefix) ?? { objects: 0, bytes: 0 };
        e.objects += 1;
        e.bytes += o.size;
        byPrefix.set(prefix, e);
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    for (const [prefix, e] of byPrefix) r2.push({ prefix, ...e, evidence: EVIDENCE_PREFIXES.includes(prefix) });
    // How long production keeps a certificate row (its vars, as the harness served them).
    const bindings = ((
      createRequire(import.meta.url)('wrangler') as typeof import('wrangler')
    ).unstable_getMiniflareWorkerOptions('wrangler.toml', 'production').workerOptions.bindings ?? {}) as Record<
      string,
      unknown
    >;
    retentionDays = Number(bindings.CERTIFICATE_RETENTION_DAYS ?? '90');
    hotDays = Number(bindings.LEADS_HOT_DAYS ?? '2');
  } finally {
    await h.close();
  }

  const stored = readEvidenceFiles(persistDir);
  return {
    leads,
    ...stored,
    r2: r2.sort((a, b) => a.prefix.localeCompare(b.prefix)),
    cpu,
    hotDays,
    retentionDays,
    loadAverage: loadavg(),
  };
}
