import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';

/**
 * A page that arrives in pieces (a slow phone's connection, or a parser that pauses on a busy
 * device) must not paint a half-built header and then grow it: the head's render-blocking
 * `expect` link holds the first paint until the page's own markup is parsed (src/ui/document.tsx).
 * A proxy in front of the Worker sends the quiz in two pieces, split inside the header's call
 * button (its label sent, its number 500 ms later), and the page records every layout shift.
 */
let browser: Browser;
let proxy: Server;
let proxyPort = 0;
const PAUSE_MS = 500;

/** Everything passes through; the quiz document is sent in two writes around the call button's label. */
function startProxy(workerPort: number): Promise<void> {
  proxy = createServer((req, res) => {
    const headers = { ...req.headers };
    delete headers['accept-encoding'];
    const upstream = request(
      { host: '127.0.0.1', port: workerPort, path: req.url, method: req.method, headers },
      (reply) => {
        const split = req.url?.startsWith('/quiz/medicare') && reply.headers['content-type']?.startsWith('text/html');
        const outHeaders = { ...reply.headers };
        delete outHeaders['content-length'];
        res.writeHead(reply.statusCode ?? 502, outHeaders);
        if (!split) {
          reply.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        reply.on('data', (c: Buffer) => chunks.push(c));
        reply.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const label = html.indexOf('class="cta-phone__label"');
          const cut = html.indexOf('</span>', label) + '</span>'.length;
          res.write(html.slice(0, cut));
          setTimeout(() => res.end(html.slice(cut)), PAUSE_MS);
        });
      },
    );
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
}

beforeAll(async () => {
  browser = await launchBrowser();
  await startProxy(inject('workerPort'));
  proxyPort = (proxy.address() as AddressInfo).port;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => proxy?.close(resolve));
});

describe('the first paint waits for the page markup', () => {
  it('a quiz whose header arrives in two pieces paints once, whole: no layout shift', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await context.addInitScript(() => {
      const w = window as unknown as { shifts: string[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        })[])
          w.shifts.push(
            `${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node as Element | null)?.className ?? '?').join(', ')}`,
          );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`http://bh.localhost:${proxyPort}/quiz/medicare`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
    // The split really happened inside the button: the page holds its label and number.
    await expect
      .poll(() => page.locator('.site-header .cta-phone__number').textContent())
      .toMatch(/^1-\d{3}-\d{3}-\d{4}$/);
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
    // Nothing painted before the rest of the page came: the first paint is after the pause.
    expect(paint).toBeGreaterThanOrEqual(PAUSE_MS);
    expect(shifts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
