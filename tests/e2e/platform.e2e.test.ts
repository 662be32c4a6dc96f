import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = [
  { brand: 'bh', path: '/get-yours-otc', island: true },
  { brand: 'tqg', path: '/compare-auto', island: true },
  { brand: 'ac', path: '/reviews/aetna', island: false },
] as const;

describe('pages in Chromium', () => {
  for (const { brand, path, island } of PAGES) {
    it(`${brand}${path}: title, favicon, no console errors`, async () => {
      const { context, page, errors } = await newVisitor(browser);
      const res = await page.goto(`${brandOrigin(brand)}${path}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      const name = BRANDS.find((b) => b.id === brand)?.name ?? '';
      expect(await page.title()).toMatch(new RegExp(`( - )?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      const icon = await page.getAttribute('link[rel="icon"]', 'href');
      expect(icon).toBe('/favicon.svg');
      // Fetched by the page itself: Node's resolver (page.request) does not know *.localhost.
      const iconBody = await page.evaluate(async (href) => {
        const r = await fetch(href);
        return `${r.status} ${await r.text()}`;
      }, icon ?? '');
      expect(iconBody).toMatch(/^200 <svg/);
      if (island) await page.waitForSelector('[data-island="quote-form"][data-hydrated]');
      // Late errors (a failed script or request) surface before the network goes quiet.
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('hydrates the form island: an invalid ZIP is reported on blur, a valid one clears it', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]');
    const zip = page.locator('input[name="zipcode"]');
    await zip.fill('12');
    await zip.blur();
    await expect
      .poll(() => page.locator('[role="alert"]').first().textContent())
      .toMatch(/Enter your 5-digit ZIP code/);
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    await zip.fill('90210');
    await zip.blur();
    await expect.poll(() => zip.getAttribute('aria-invalid')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ships no React on a page without islands', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    // Every script the page would load, lazily too, has been requested once the network is quiet.
    await page.goto(`${brandOrigin('bh')}/privacy`, { waitUntil: 'networkidle' });
    const own = scripts.filter((p) => p.startsWith('/build/'));
    expect(own.length).toBe(1);
    expect(own[0]).toMatch(/^\/build\/main-[A-Za-z0-9_-]+\.js$/);
    expect(await page.locator('[data-island]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('removes personal fields from the address before the tag manager sees them', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(
      `${brandOrigin('bh')}/privacy?firstname=Jane&Email=jane%40example.com&utm_source=google&utm_campaign=spring`,
    );
    await page.waitForFunction(() => (window as unknown as { __sandboxGtm?: unknown }).__sandboxGtm !== undefined);
    const search = await page.evaluate(() => location.search);
    expect(search).toBe('?utm_source=google&utm_campaign=spring');
    const seen = await page.evaluate(
      () =>
        JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer) + document.referrer + location.href,
    );
    expect(seen).not.toContain('Jane');
    expect(seen).not.toContain('jane%40example.com');
    await context.close();
  });

  it('keeps the chosen colour mode across pages, applied before first paint', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/privacy`);
    await page.click('[data-mode-switch] [data-mode="dark"]');
    expect(await page.getAttribute('html', 'data-color-mode')).toBe('dark');
    await page.goto(`${brandOrigin('bh')}/tos`, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-color-mode]', { state: 'attached' });
    expect(await page.getAttribute('html', 'data-color-mode')).toBe('dark');
    // The switch's pressed state is the main script's, which may still be loading after the first paint.
    await expect
      .poll(() => page.getAttribute('[data-mode-switch] [data-mode="dark"]', 'aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    await context.close();
  });

  it('scrolls to the anchor of the address below the sticky header', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/privacy#main`);
    await page.waitForLoadState('load');
    const top = await page.evaluate(() => document.getElementById('main')?.getBoundingClientRect().top ?? -1);
    const header = await page.evaluate(
      () => document.getElementById('site-header')?.getBoundingClientRect().height ?? 0,
    );
    expect(top).toBeGreaterThanOrEqual(header - 1);
    await context.close();
  });
});
