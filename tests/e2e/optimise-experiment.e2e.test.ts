import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor, rendered } from './support/browser';
import { visitorIdOf } from './support/d1';
import { visitorBuckets } from '../../src/worker/experiments/visitor-buckets';

/**
 * An `optimise` experiment in Chromium against `wrangler dev`: the variant is decided at the edge
 * and is already in the first HTML the browser receives (no flicker: no script writes the headline
 * afterwards), and a reload shows the same variant. The allocation is put into the local KV as the
 * 15-minute recompute would store it: every visitor outside the holdout gets extra-benefits.
 */
const EXPERIMENT = 'new-senior-headline';
/** The KV key the recompute stores it under (ALLOCATION_PREFIX of src/worker/experiments/allocations.ts, a Worker module). */
const ALLOCATION_KEY = `experiment-allocation:${EXPERIMENT}`;
/** The holdout share on the fixed weights (HOLDOUT of src/worker/experiments/thompson.ts). */
const HOLDOUT = 0.1;
const HEADLINES: Record<string, string> = {
  control: 'New to Medicare? See the benefits plans in your area offer',
  'zip-first': 'New to Medicare? Enter your ZIP code to see what plans near you offer',
  'extra-benefits': 'New to Medicare? Check which plans near you include dental, vision and hearing',
};

let browser: Browser;
beforeAll(async () => {
  const allocation = {
    experimentId: EXPERIMENT,
    computedAt: new Date().toISOString(),
    shares: { control: 0, 'zip-first': 0, 'extra-benefits': 1 },
    winner: 'extra-benefits',
    posteriors: [],
  };
  const put = spawnSync(
    'wrangler',
    [
      'kv',
      'key',
      'put',
      ALLOCATION_KEY,
      JSON.stringify(allocation),
      '--binding',
      'CACHE',
      '--local',
      '--persist-to',
      inject('persistDir'),
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' }, encoding: 'utf8' },
  );
  if (put.status !== 0) throw new Error(put.stderr);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The variant the page context names and the headline text in an HTML document. */
function variantIn(html: string): { variant: string | undefined; headlines: string[] } {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  const context = JSON.parse(json) as { tracking?: { experiment?: { variantId?: string } | null } } | null;
  return {
    variant: context?.tracking?.experiment?.variantId,
    headlines: Object.entries(HEADLINES)
      .filter(([, text]) => html.includes(text))
      .map(([id]) => id),
  };
}

describe('an optimise experiment in the browser', () => {
  it('serves the variant in the first HTML, no script changes it, and a reload keeps it', async () => {
    const { context, page, errors } = await newVisitor(browser);
    // Any change to a heading's text after the parser finished is a script rewriting the copy (a flicker).
    await page.addInitScript(() => {
      const rewrites: string[] = [];
      Reflect.set(window, '__headlineRewrites', rewrites);
      new MutationObserver((records) => {
        if (document.readyState === 'loading') return;
        for (const record of records) {
          const node = record.target instanceof Element ? record.target : record.target.parentElement;
          if (node?.closest('h1, h2')) rewrites.push(node.textContent ?? '');
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const response = await page.goto(`${brandOrigin('bh')}/new-senior-benefits`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    const first = variantIn((await response?.text()) ?? '');
    expect(first.variant).toBeDefined();
    // The first HTML already has the variant's headline, and only that one.
    expect(first.headlines).toEqual([first.variant]);
    const id = await visitorIdOf(context);
    if (visitorBuckets(EXPERIMENT, id).holdout >= HOLDOUT) expect(first.variant).toBe('extra-benefits');

    await page.waitForLoadState('networkidle');
    await rendered(page);
    const headline = HEADLINES[first.variant ?? ''] ?? '';
    await expect.poll(() => page.getByText(headline, { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => Reflect.get(window, '__headlineRewrites') as string[])).toEqual([]);

    // Sticky: the reload is given the same variant by the Worker (the signed assignment cookie).
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === '__Host-qf_xp' && c.httpOnly)).toBe(true);
    const again = await page.reload({ waitUntil: 'load' });
    expect(variantIn((await again?.text()) ?? '').variant).toBe(first.variant);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the same variant to the same visitor without JavaScript', async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    const first = await page.goto(`${brandOrigin('bh')}/new-senior-benefits`);
    const shown = variantIn((await first?.text()) ?? '');
    expect(shown.headlines).toEqual([shown.variant]);
    const second = await page.goto(`${brandOrigin('bh')}/new-senior-benefits/medicare`);
    expect(variantIn((await second?.text()) ?? '').variant).toBe(shown.variant);
    await context.close();
  });
});
