import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { sha256Hex } from '../../src/shared/consent';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';
import { arrivedAt, chooseTo, continueTo } from './support/steps';

/**
 * Consent evidence a buyer can accept, in Chromium on a 390x844 touch phone
 * (docs/decisions/0300-consent-step-snapshot.md, 0301-consent-visibility-measured.md):
 * - the certificate's snapshot hash resolves, through the public route and in R2 and D1 as
 *   wrangler dev stored them, to the contact step's HTML, which holds the consent text whose
 *   hash the certificate names, and none of the visitor's answers;
 * - what the browser measured at the press matches the page as this test reads it: the
 *   disclosure in view, its font size the computed one, a contrast of at least 4.5:1 computed
 *   here from the computed colours, not by the product's code;
 * - the same walk with JavaScript off is signed `not_measured`, and its snapshot still `served`.
 */
const WAIT = { timeout: 30_000 };
const CONTACT = '/get-yours-otc/contact';
/** This file's own phone numbers: one person makes one delivered lead per product. */
const ownPhone = () => `305558${String(1000 + Math.floor(Math.random() * 9000))}`;
const sellerName = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const reportSchema = z.object({
  box: z.object({ top: z.number(), left: z.number(), width: z.number(), height: z.number() }),
  gapToButton: z.number(),
  fontSizePx: z.number(),
  contrastRatio: z.number(),
  fullTextOpened: z.boolean(),
  timeOnStepMs: z.number(),
  buttonLabel: z.string(),
  viewport: z.object({ width: z.number(), height: z.number() }),
});

const payloadSchema = z.object({
  consent: z.object({ sha256: z.string(), version: z.string() }),
  page: z.object({ snapshot_sha256: z.string().nullable(), status: z.string() }),
  visibility: z.object({
    status: z.string(),
    refused: z.array(z.string()).optional(),
    disclosure_in_view: z.boolean().optional(),
    expected_font_px: z.number().optional(),
    report: reportSchema.optional(),
  }),
});

/**
 * A GET to the Worker as a buyer's server makes it, to the bh host: Node does not resolve
 * *.localhost as Chromium does, so it goes to loopback with the brand's Host header.
 */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  const port = inject('workerPort');
  return new Promise((resolve, reject) => {
    const req = request(
      // A connection of its own each time: Node keeps sockets alive by default, and one the dev
      // server had closed while idle answers the next request with "socket hang up".
      { host: '127.0.0.1', port, path, agent: false, headers: { ...headers, host: `bh.localhost:${port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The certificate of the visitor's lead, as a buyer fetches it (JSON), its payload parsed. */
async function certificateOf(visitorId: string, ip: string) {
  await expect
    .poll(
      () =>
        queryD1(
          `SELECT certificate_id FROM leads WHERE visitor_id = '${visitorId}'`,
          z.object({ certificate_id: z.uuid().nullable() }),
        ),
      WAIT,
    )
    .toEqual([{ certificate_id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  const [lead] = queryD1(
    `SELECT certificate_id FROM leads WHERE visitor_id = '${visitorId}'`,
    z.object({ certificate_id: z.uuid() }),
  );
  const res = await get(`/certificates/${lead?.certificate_id}`, {
    'cf-connecting-ip': ip,
    accept: 'application/json',
  });
  expect(res.status).toBe(200);
  const { jws } = z.object({ jws: z.string() }).parse(JSON.parse(res.body.toString('utf8')));
  return payloadSchema.parse(JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')));
}

/** The R2 object as `wrangler dev` stored it in its local state (the browser tests' persist dir). */
function r2Object(key: string): Buffer {
  const out = spawnSync(
    'wrangler',
    ['r2', 'object', 'get', `quote-funnel-events/${key}`, '--local', '--persist-to', inject('persistDir'), '--pipe'],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' }, maxBuffer: 16 * 1024 * 1024 },
  );
  if (out.status !== 0) throw new Error(out.stderr.toString());
  return out.stdout;
}

/** The page's visible text, tags removed and entities a page of ours uses decoded, spaces folded. */
function readable(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * The snapshot the certificate names, proven to be the consent step served with the certified
 * text: the public route's bytes hash to it, R2 holds the same bytes, D1's marker row names this
 * brand, page, step and consent version, and the text the catalog gives for the certificate's
 * consent hash stands in it.
 */
async function expectSnapshotOfConsentStep(
  payload: z.infer<typeof payloadSchema>,
  ip: string,
  answers: string[],
): Promise<void> {
  expect(payload.page.status).toBe('served');
  const sha256 = z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .parse(payload.page.snapshot_sha256);
  const headers = { 'cf-connecting-ip': ip };
  const res = await get(`/api/page-snapshots/${sha256}`, headers);
  expect(res.status).toBe(200);
  const html = res.body.toString('utf8');
  expect(await sha256Hex(html)).toBe(sha256);
  expect(r2Object(`page-snapshots/${sha256}.html`).toString('utf8')).toBe(html);
  expect(
    queryD1(
      `SELECT brand, page, step, consent_version, bytes FROM page_snapshots WHERE sha256 = '${sha256}'`,
      z.object({
        brand: z.string(),
        page: z.string(),
        step: z.string(),
        consent_version: z.string(),
        bytes: z.number(),
      }),
    ),
  ).toEqual([
    {
      brand: 'bh',
      page: 'get-yours-otc',
      step: 'contact',
      consent_version: payload.consent.version,
      bytes: Buffer.byteLength(html),
    },
  ]);
  const catalog = await get(`/api/consent-texts/${payload.consent.sha256}`, headers);
  expect(catalog.status).toBe(200);
  const { text } = z.object({ text: z.string() }).parse(JSON.parse(catalog.body.toString('utf8')));
  expect(await sha256Hex(text)).toBe(payload.consent.sha256);
  expect(readable(html)).toContain(text.replace(/\s+/g, ' '));
  // The step's own form, as served: it posts to the contact step.
  expect(html).toMatch(/<form[^>]+action="\/get-yours-otc\/contact(qfSearchSlot0*)?"/);
  for (const answer of answers) expect(html).not.toContain(answer);
}

/** sRGB channels of a computed colour as Chromium serialises it, with its alpha. */
function parseColour(css: string): [number, number, number, number] {
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(css);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(css);
  if (srgb)
    return [
      Number(srgb[1]) * 255,
      Number(srgb[2]) * 255,
      Number(srgb[3]) * 255,
      srgb[4] === undefined ? 1 : Number(srgb[4]),
    ];
  throw new Error(`a colour this test cannot read: ${css}`);
}

/** WCAG 2 contrast ratio of two opaque sRGB colours (relative luminance, as WCAG 2.2 defines it). */
function wcagContrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = ([r, g, bl]: [number, number, number]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The disclosure as the page shows it now, read by this test: box, computed font size and colours. */
async function disclosureAsShown(page: Page) {
  return page.locator('[data-consent-visible]').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const backgrounds: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement)
      backgrounds.push(getComputedStyle(node).backgroundColor);
    return {
      top: r.top,
      bottom: r.bottom,
      left: r.left,
      right: r.right,
      height: r.height,
      fontSize: getComputedStyle(el).fontSize,
      color: getComputedStyle(el).color,
      backgrounds,
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  });
}

/** Zip, Medicare yes, Medicaid no, a name: on to the contact step, with the island live. */
async function walkToContact(page: Page, name: { first: string; last: string }) {
  await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  await page.locator('input[name="zipcode"]').fill('33101');
  await continueTo(page, '/get-yours-otc/medicare');
  await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
  await chooseTo(page, 'No', '/get-yours-otc/name');
  await page.locator('input[name="firstName"]').fill(name.first);
  await page.locator('input[name="lastName"]').fill(name.last);
  await continueTo(page, CONTACT);
}

describe('consent evidence in the browser', () => {
  // A five-step walk, four wrangler reads (D1, R2) and three fetches: longer than the default on a loaded machine.
  it(
    'a Medicare lead on a 390x844 touch phone: the snapshot holds the certified text, the measured facts match the page',
    { timeout: 240_000 },
    async () => {
      const phone = ownPhone();
      const { context, page, errors, ip } = await newVisitor(browser, {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
      });
      await walkToContact(page, { first: 'Grace', last: 'Hopper' });
      await expect.poll(() => page.locator('.sellers input[type="checkbox"]').count(), WAIT).toBe(3);
      await page.locator('input[name="phone"]').pressSequentially(phone);
      await page.getByLabel(sellerName).check();
      // The island walked here in the page: it asks the Worker for the step's snapshot hash.
      const posted = page.locator('input[name="pageSnapshot"]');
      await posted.waitFor({ state: 'attached', ...WAIT });
      const button = page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ });
      // Brought into view before the reading, so the tap itself scrolls nothing: the page this
      // test reads is the page the island measures at the press.
      await button.scrollIntoViewIfNeeded();
      const seen = await disclosureAsShown(page);
      const label = ((await button.textContent()) ?? '').trim();
      const hash = await posted.inputValue();
      await button.tap();
      await page.waitForSelector('.quote-form__done', WAIT);

      const payload = await certificateOf(await visitorIdOf(context), ip);
      expect(payload.page.snapshot_sha256).toBe(hash);
      await expectSnapshotOfConsentStep(payload, ip, ['Grace', 'Hopper', phone, phone.slice(-4)]);

      // The facts signed are the page's, as this test reads it.
      const { visibility } = payload;
      expect(visibility.status).toBe('measured');
      expect(visibility.refused).toEqual([]);
      const report = reportSchema.parse(visibility.report);
      expect(report.viewport).toEqual({ width: 390, height: 844 });
      expect(seen.viewport).toEqual(report.viewport);
      // In view: the disclosure's box inside the window, as the page lays it out and as signed.
      expect(seen.top).toBeGreaterThanOrEqual(0);
      expect(seen.bottom).toBeLessThanOrEqual(seen.viewport.height);
      expect(seen.left).toBeGreaterThanOrEqual(0);
      expect(seen.right).toBeLessThanOrEqual(seen.viewport.width);
      expect(visibility.disclosure_in_view).toBe(true);
      expect(Math.abs(report.box.top - seen.top)).toBeLessThanOrEqual(1);
      expect(Math.abs(report.box.height - seen.height)).toBeLessThanOrEqual(1);
      // The font size is the computed style's, and what the stylesheet sets.
      expect(report.fontSizePx).toBe(parseFloat(seen.fontSize));
      expect(report.fontSizePx).toBe(visibility.expected_font_px);
      // The contrast, computed here from the computed colours: at least WCAG AA, and what was signed.
      const fg = parseColour(seen.color);
      const opaque = seen.backgrounds.map(parseColour).find((c) => c[3] > 0) ?? [255, 255, 255, 1];
      expect(fg[3]).toBe(1);
      const contrast = wcagContrast([fg[0], fg[1], fg[2]], [opaque[0], opaque[1], opaque[2]]);
      expect(contrast).toBeGreaterThanOrEqual(4.5);
      expect(Math.abs(report.contrastRatio - contrast)).toBeLessThanOrEqual(0.05);
      expect(report.buttonLabel).toBe(label);
      expect(report.gapToButton).toBeGreaterThanOrEqual(0);
      expect(report.timeOnStepMs).toBeGreaterThan(0);
      expect(report.fullTextOpened).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'the same walk with JavaScript off: the snapshot is still served, the visibility is not_measured',
    { timeout: 240_000 },
    async () => {
      const phone = ownPhone();
      const { context, page, ip } = await newVisitor(browser, {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        javaScriptEnabled: false,
      });
      const press = async (name: RegExp) => {
        await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest(), WAIT),
          page.getByRole('button', { name }).click(),
        ]);
        await page.waitForLoadState('load');
      };
      await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
      await page.locator('input[name="zipcode"]').fill('33101');
      await press(/^Continue$/);
      await arrivedAt(page, '/get-yours-otc/medicare');
      // Without a script a tile is a radio and the step's button sends it.
      await page.getByRole('radio', { name: 'Yes' }).check();
      await press(/^Continue$/);
      await arrivedAt(page, '/get-yours-otc/medicaid');
      await page.getByRole('radio', { name: 'No' }).check();
      await press(/^Continue$/);
      await arrivedAt(page, '/get-yours-otc/name');
      await page.locator('input[name="firstName"]').fill('Alan');
      await page.locator('input[name="lastName"]').fill('Turing');
      await press(/^Continue$/);
      await arrivedAt(page, CONTACT);
      await page.locator('input[name="phone"]').pressSequentially(phone, { delay: 60 });
      await page.getByLabel(sellerName).check();
      await press(/^(Send my request|Talk to a licensed agent)$/);
      await page.locator('[data-confirmation]').waitFor(WAIT);

      const payload = await certificateOf(await visitorIdOf(context), ip);
      await expectSnapshotOfConsentStep(payload, ip, ['Alan', 'Turing', phone, phone.slice(-4)]);
      expect(payload.visibility).toEqual({ status: 'not_measured' });
      await context.close();
    },
  );
});
