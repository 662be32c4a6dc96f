import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { ROUTES, isServedFor } from '../../src/routes/registry';
import { TEMPLATES, type Language } from '../../src/routes/schema';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1 } from './support/d1';
import { chooseTo } from './support/steps';

/** This file's own phone number: one person makes one delivered lead per product, so files never share one. */
const OWN_PHONE = `305551${String(1000 + Math.floor(Math.random() * 9000))}`;

/**
 * Consent in Chromium: a Medicare visitor finishes the funnel ticking one company, and the
 * certificate page of the lead says, from the browser's own WebCrypto check against the
 * published keys, that the signature is valid; the TPMO disclaimer is visible on every
 * Medicare template in English and in Spanish.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached' });
}

async function continueTo(page: Page, path: string) {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path);
}

async function anonymousIdOf(page: Page): Promise<string> {
  const context = await page.evaluate(() => document.getElementById('page-context')?.textContent ?? '{}');
  return z.object({ tracking: z.object({ anonymousId: z.uuid() }) }).parse(JSON.parse(context)).tracking.anonymousId;
}

describe('lead certificate in the browser', () => {
  it('finishes the Medicare funnel with one company ticked; the certificate page says the signature is valid, and NOT valid once altered', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');
    await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
    await chooseTo(page, 'No', '/get-yours-otc/name');
    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await continueTo(page, '/get-yours-otc/contact');

    const boxes = page.locator('.sellers input[type="checkbox"]');
    // The contact step's parts may still be arriving (a chunk fetched when the visitor gets there).
    await expect.poll(() => boxes.count()).toBe(3);
    for (let i = 0; i < 3; i++) expect(await boxes.nth(i).isChecked()).toBe(false);
    await expect.poll(() => page.locator('.consent').textContent()).toMatch(/the companies I ticked/);
    await page.locator('input[name="phone"]').pressSequentially(OWN_PHONE);
    const chosen = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[1];
    await page.getByLabel(chosen?.name ?? '').check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await page.waitForSelector('.quote-form__done');

    const anonymousId = await anonymousIdOf(page);
    const [lead] = queryD1(
      `SELECT certificate_id, consent_sellers FROM leads WHERE visitor_id = '${anonymousId}'`,
      z.object({ certificate_id: z.uuid(), consent_sellers: z.string() }),
    );
    expect(lead).toBeDefined();
    expect(
      (JSON.parse(lead?.consent_sellers ?? '[]') as { name: string; accepted: boolean }[])
        .filter((s) => s.accepted)
        .map((s) => s.name),
    ).toEqual([chosen?.name]);

    await page.goto(`${origin}/certificates/${lead?.certificate_id}`);
    await expect.poll(() => page.locator('#cert-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('valid');
    expect(await page.locator('#cert-status').textContent()).toMatch(/^Signature valid/);
    await expect.poll(() => page.locator('#cert-text-status').getAttribute('data-state')).toBe('valid');
    expect(await page.locator('main').textContent()).toContain(`${chosen?.name}: accepted`);

    // The same certificate with one character of its signature changed on the way: the page's
    // own check must say so (the "NOT valid" path), not trust what the Worker rendered.
    const certificateUrl = `${origin}/certificates/${lead?.certificate_id}`;
    // The page as served (fetched by the page itself: only the browser resolves *.localhost).
    const html = await page.evaluate(async (url) => (await fetch(url)).text(), certificateUrl);
    const tampered = html.replace(
      /(id="cert-jws"[^>]*>"[^".]+\.[^".]+\.)(.)/,
      (_match, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(html);
    await page.route(certificateUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: tampered }),
    );
    await page.goto(certificateUrl);
    await expect
      .poll(() => page.locator('#cert-status').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('invalid');
    expect(await page.locator('#cert-status').textContent()).toMatch(/^Signature NOT valid/);
    await page.unroute(certificateUrl);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});

/** One Medicare page per template and language, on a brand with Medicare sellers. */
function medicarePages(): { template: string; language: Language; url: string }[] {
  const out: { template: string; language: Language; url: string }[] = [];
  for (const template of TEMPLATES) {
    for (const language of ['english', 'spanish'] as const) {
      const route = ROUTES.find(
        (r) =>
          r.config.template === template &&
          r.language === language &&
          !r.check &&
          !r.path.includes(':slug') &&
          r.config.product === 'medicare' &&
          r.brands.some((b) => BRANDS.find((x) => x.id === b)?.consent.medicare),
      );
      if (!route) continue;
      const brand = BRANDS.find(
        (b) => b.defaultProduct === 'medicare' && b.consent.medicare && isServedFor(route, b.id),
      );
      if (!brand) continue;
      out.push({ template, language, url: `${brandOrigin(brand.id)}${route.path.replace(/\/:step\?$/, '') || '/'}` });
    }
  }
  return out;
}

describe('TPMO disclaimer', () => {
  it('is on every Medicare template once, near its call to action, in English and Spanish, with the brand counts and the agent notice', async () => {
    const pages = medicarePages();
    expect(new Set(pages.map((p) => p.template)).size).toBeGreaterThanOrEqual(5);
    expect(pages.some((p) => p.language === 'spanish')).toBe(true);
    const { context, page } = await newVisitor(browser);
    for (const p of pages) {
      await page.goto(p.url);
      // Once on the page, beside the call to action it qualifies (docs/decisions/0142-tpmo-notice-placement.md).
      expect(await page.locator('.tpmo').count(), p.url).toBe(1);
      const notice = page.locator('.tpmo');
      expect(await notice.isVisible(), `${p.template} ${p.language} ${p.url}`).toBe(true);
      const near = await notice.evaluate((el) => {
        const cta = [
          ...document.querySelectorAll('main .quote-form .form-actions .btn, main a.cta-phone, main .zip-start'),
        ]
          .map((c) => c.getBoundingClientRect())
          .filter((r) => r.height > 0);
        const box = el.getBoundingClientRect();
        // A page with no call to action of its own (legal, index) carries the notice at the top of its content.
        if (cta.length === 0) return box.top - (document.querySelector('main')?.getBoundingClientRect().top ?? 0);
        return Math.min(...cta.map((r) => Math.max(box.top - r.bottom, r.top - box.bottom)));
      });
      expect(near, `the notice is near a call to action on ${p.url}`).toBeLessThanOrEqual(400);
      const text = (await notice.textContent()) ?? '';
      if (p.language === 'english') {
        expect(text, p.url).toMatch(
          /We do not offer every plan available in your area\. Currently we represent \d+ organizations which offer \d+ products in your area\. Please contact Medicare\.gov or 1-800-MEDICARE/,
        );
        expect(text).toMatch(/licensed insurance agent who will contact you/);
      } else {
        expect(text, p.url).toMatch(
          /No ofrecemos todos los planes disponibles en su área\. Actualmente representamos \d+ organizaciones que ofrecen \d+ productos/,
        );
        expect(text).toMatch(/agente de seguros con licencia/);
      }
      expect(text).not.toMatch(/SHIP/);
      expect(await notice.getAttribute('data-tpmo-version')).toBe('tpmo-2026-10-01');
    }
    await context.close();
  });
});

describe('Global Privacy Control in the browser', () => {
  it('with Sec-GPC: 1 the page requests no tag manager or ad script and the data layer stays empty, while the funnel still works', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { 'Sec-GPC': '1' },
    });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    // The tracker has sent its page view (first-party) by the time the island is live; the data layer got nothing.
    await expect.poll(() => requested.some((u) => u.includes('/api/event'))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0);
    expect(requested.filter((u) => /gtm\.js|ads\.js|ns\.html/.test(u))).toEqual([]);
    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBe(0);
    await context.close();
  });
});
