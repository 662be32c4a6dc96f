import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, exitIntentArmed, launchBrowser, newVisitor, sandboxOrigin, rendered } from './support/browser';
import { callHours } from '../../src/shared/phone/call-hours';

/**
 * In Chromium: the lost click, the navigation guards, the chunk reload with
 * its #hash, exit-intent reset, and the Spanish brand's home page.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page, island = 'quote-form') {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated]`, { state: 'attached' });
}

/** Error reports the page sends to the Worker (POST /api/event/client-error). */
function clientErrors(page: Page): { kind: string; message: string }[] {
  const reports: { kind: string; message: string }[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/event/client-error')
      reports.push(req.postDataJSON() as { kind: string; message: string });
  });
  return reports;
}

describe('a lost click', () => {
  it('after fixing an invalid field, one click on Continue advances (the button does not move under the pointer)', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    const zip = page.locator('input[name="zipcode"]');
    const button = page.getByRole('button', { name: 'Continue' });
    await zip.fill('12');
    await button.click();
    await expect.poll(() => page.locator('.field [role="alert"]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc');

    // Fix the answer without leaving the field; the error clears on blur, as the pointer presses the button.
    await zip.fill('33101');
    const before = await button.boundingBox();
    await button.click();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/medicare', { timeout: 5_000 });
    expect(before).not.toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the error clears as the answer becomes valid, while typing: leaving the field moves nothing', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    const zip = page.locator('input[name="zipcode"]');
    const button = page.getByRole('button', { name: 'Continue' });
    await zip.fill('12');
    await zip.blur();
    await expect.poll(() => page.locator('.field [role="alert"]').count()).toBe(1);
    await zip.fill('33101');
    // Cleared with the fifth digit, the focus still in the field (no blur needed).
    await expect.poll(() => page.locator('.field [role="alert"]').count()).toBe(0);
    expect(await zip.evaluate((el) => el === document.activeElement)).toBe(true);
    const settled = await button.boundingBox();
    // Leaving the field (as a press on Continue does) moves nothing.
    await zip.blur();
    await rendered(page);
    expect((await button.boundingBox())?.y).toBe(settled?.y);
    await context.close();
  });
});

describe('navigation guards (spec sections 5 and 8)', () => {
  const navigate = (page: Page, detail: { to: string; external?: boolean }) =>
    page.evaluate((d) => window.dispatchEvent(new CustomEvent('quote:navigate', { detail: d })), detail);

  const refused: { detail: { to: string; external?: boolean }; message: string }[] = [
    { detail: { to: 'https://example.com/offer' }, message: 'Navigating to an external URL is not allowed by default' },
    { detail: { to: 'javascript:alert(1)' }, message: 'Cannot navigate to a URL with protocol javascript:' },
    {
      detail: { to: 'java\tscript:alert(1)', external: true },
      message: 'Cannot navigate to a URL with protocol javascript:',
    },
    {
      detail: { to: 'data:text/html,<h1>hi</h1>', external: true },
      message: 'Cannot navigate to a URL with protocol data:',
    },
    {
      detail: { to: 'vbscript:msgbox(1)', external: true },
      message: 'Cannot navigate to a URL with protocol vbscript:',
    },
  ];

  for (const { detail, message } of refused) {
    it(`refuses ${JSON.stringify(detail)} and reports "${message}"`, async () => {
      const { context, page } = await newVisitor(browser);
      const reports = clientErrors(page);
      const url = `${brandOrigin('bh')}/privacy`;
      await page.goto(url, { waitUntil: 'load' });
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await navigate(page, detail);
      await expect.poll(() => reports.find((r) => r.kind === 'navigation')?.message ?? '').toContain(message);
      expect(page.url()).toBe(url);
      expect(dialogs).toBe(0);
      await context.close();
    });
  }

  it('follows a same-origin address, and another origin only when explicitly allowed', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/privacy`, { waitUntil: 'load' });
    await Promise.all([page.waitForURL((u) => u.pathname === '/tos'), navigate(page, { to: '/tos#top' })]);
    const partner = `${sandboxOrigin()}/gtm.js`;
    await Promise.all([page.waitForURL((u) => u.href === partner), navigate(page, { to: partner, external: true })]);
    await context.close();
  });
});

describe('a failed page chunk (spec section 8)', () => {
  it('reloads the target path with its #hash, once, and reports a Chunk Error', async () => {
    const { context, page } = await newVisitor(browser);
    const reports = clientErrors(page);
    let failed = 0;
    await page.route(/\/build\/chunks\/quote-form-[\w-]+\.js$/, async (route) => {
      if (failed === 0) {
        failed++;
        await route.abort('failed');
      } else {
        await route.continue();
      }
    });
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) documents.push(req.url());
    });
    const target = `${brandOrigin('bh')}/get-yours-otc?utm_source=e2e#quote`;
    await page.goto(target);
    // The second load (the reload) hydrates the form with the chunk it could not get the first time.
    await hydrated(page);
    expect(failed).toBe(1);
    expect(documents).toHaveLength(2);
    expect(page.url()).toBe(target);
    await expect.poll(() => reports.find((r) => r.kind === 'chunk')?.message).toBe('Chunk Error');
    expect(await page.evaluate(() => sessionStorage.getItem('reload-guard'))).toMatch(/^\d+$/);
    await context.close();
  });
});

describe('exit-intent reset (spec section 4)', () => {
  it('clears the time shown and the unsubscribe flag, so the dialog triggers again on the same page', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await exitIntentArmed(page);
    const leave = () =>
      page.evaluate(() =>
        document.dispatchEvent(
          new MouseEvent('mouseout', { clientX: 200, clientY: -1, relatedTarget: null, bubbles: true }),
        ),
      );
    const dialog = page.locator('dialog.exit-intent');
    const isOpen = () => dialog.evaluate((d: HTMLDialogElement) => d.open);
    await leave();
    await expect.poll(isOpen).toBe(true);
    await page.getByRole('button', { name: "Don't show this again" }).click();
    await expect.poll(isOpen).toBe(false);
    // The flag is written once the dialog's arm chunk answers (an import, a task later than the close).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('vue-exit-intent-unsubscribed'))).toBe('true');

    await page.evaluate(() => window.dispatchEvent(new Event('quote:exit-intent-reset')));
    expect(
      await page.evaluate(() => [
        localStorage.getItem('vue-exit-intent'),
        localStorage.getItem('vue-exit-intent-unsubscribed'),
      ]),
    ).toEqual([null, null]);
    await leave();
    await expect.poll(isOpen).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('m10es, the Spanish brand', () => {
  it('shows its home page in Spanish, every UI string included', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('m10es')}/`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.locator('h1').textContent()).toBe('Sus opciones de Medicare, explicadas en español');
    const text = await page.locator('body').innerText();
    for (const spanish of [
      // 'Llame ahora' while agents answer, 'Llamar' otherwise (Pacific hours).
      callHours('spanish', new Date(), null).label,
      'Guías populares',
      'Política de privacidad',
      'Términos de uso',
      'Claro',
      'Oscuro',
      'Sistema',
      'Todos los derechos reservados.',
    ]) {
      expect(text).toContain(spanish);
    }
    for (const english of [
      'Call now',
      'Popular guides',
      'Privacy policy',
      'Terms of use',
      'Light',
      'Dark',
      'All rights reserved',
      'Compare plans',
    ]) {
      expect(text).not.toContain(english);
    }
    await page.goto(`${brandOrigin('m10es')}/get-yours-otc-es`, { waitUntil: 'load' });
    // The "benefits this page covers" list names each benefit in bold.
    const tags = await page.locator('section.benefits li strong').allInnerTexts();
    expect(tags).toContain('Asignación para productos de venta libre');
    for (const tag of tags) expect(tag).not.toMatch(/^(otc|discounts|grocery|dental|vision)$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
