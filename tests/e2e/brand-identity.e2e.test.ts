import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, brandByCode, type Brand } from '../../brands';
import { contrastRatio } from '../../brands/contrast';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function brand(code: string): Brand {
  const b = brandByCode(code);
  if (!b) throw new Error(`no brand ${code}`);
  return b;
}

/** `rgb(r, g, b)` as the browser reports a colour. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

function toHex(css: string): string {
  const [r, g, b] = (css.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** What a visitor sees of the brand: computed styles of the header, the logo, the headline and the hero. */
function look(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`missing ${selector}`);
      return getComputedStyle(el);
    };
    const header = style('.site-header');
    const h1 = style('h1');
    const hero = style('.hero');
    const mark = style('.logo-mark path');
    const wordmark = style('.wordmark');
    return {
      headerBackground: header.backgroundColor,
      headerColour: header.color,
      bodyBackground: style('body').backgroundColor,
      bodyColour: style('body').color,
      h1Font: h1.fontFamily,
      h1Weight: h1.fontWeight,
      h1Size: h1.fontSize,
      heroAlign: hero.textAlign,
      heroBackground: hero.backgroundColor,
      markFill: mark.fill,
      wordmarkColour: wordmark.color,
      wordmarkCase: wordmark.textTransform,
      radius: style('.cta-phone').borderTopLeftRadius,
    };
  });
}

describe('brand identity in Chromium', () => {
  it('shows the three layouts with different headers, type and heroes', async () => {
    const looks = new Map<string, Awaited<ReturnType<typeof look>>>();
    for (const code of ['wc', 'm10', 'bh']) {
      const { context, page, errors } = await newVisitor(browser);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${brandOrigin(code)}/`, { waitUntil: 'load' });
      looks.set(brand(code).layout, await look(page));
      await page.locator(`.site-header [data-logo="${code}"] .logo-mark`).waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
      await context.close();
    }
    const editorial = looks.get('editorial');
    const bold = looks.get('bold');
    const calm = looks.get('calm');
    if (!editorial || !bold || !calm) throw new Error('a layout is missing');
    // Header: page-coloured (editorial), a brand band (bold), tinted (calm).
    expect(editorial.headerBackground).toBe(rgb(brand('wc').theme.light.surface));
    expect(bold.headerBackground).toBe(rgb(brand('m10').theme.light.primary));
    expect(bold.headerColour).toBe(rgb(brand('m10').theme.light.onPrimary));
    expect(calm.headerBackground).toBe(rgb(brand('bh').theme.light.surfaceAlt));
    // Type: serif, heavy sans, humanist; sizes from each brand's scale.
    expect(editorial.h1Font).toMatch(/serif/);
    expect(editorial.h1Font).not.toBe(bold.h1Font);
    expect(bold.h1Font).not.toBe(calm.h1Font);
    expect(bold.h1Weight).toBe('800');
    expect(new Set([editorial.h1Size, bold.h1Size, calm.h1Size]).size).toBe(3);
    // Hero: left with an accent bar, on a panel, centred.
    expect(editorial.heroAlign).not.toBe('center');
    expect(bold.heroBackground).toBe(rgb(brand('m10').theme.light.surfaceAlt));
    expect(calm.heroAlign).toBe('center');
    expect(new Set([editorial.radius, bold.radius, calm.radius]).size).toBe(3);
    expect(bold.wordmarkCase).toBe('uppercase');
    // The mark's colour is the brand's (on the bold band it is reversed out of the primary).
    expect(editorial.markFill).toBe(rgb(brand('wc').theme.light.primary));
    expect(bold.markFill).toBe(rgb(brand('m10').theme.light.onPrimary));
  });

  it('follows dark mode from the system and the switch, with readable text in both', async () => {
    for (const code of ['tqg', 'emily']) {
      const b = brand(code);
      const { context, page } = await newVisitor(browser);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${brandOrigin(code)}/`, { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'data-color-mode')).toBe('dark');
      const dark = await look(page);
      expect(dark.bodyBackground).toBe(rgb(b.theme.dark.surface));
      expect(dark.bodyColour).toBe(rgb(b.theme.dark.text));
      // Editorial and calm headers set the wordmark in the link colour of the mode.
      expect(dark.wordmarkColour).toBe(rgb(b.theme.dark.link));
      expect(contrastRatio(toHex(dark.wordmarkColour), toHex(dark.headerBackground))).toBeGreaterThanOrEqual(4.5);
      await page.click('[data-mode-switch] [data-mode="light"]');
      await expect
        .poll(async () => (await look(page)).bodyBackground, { timeout: 5_000 })
        .toBe(rgb(b.theme.light.surface));
      const light = await look(page);
      expect(light.bodyColour).toBe(rgb(b.theme.light.text));
      expect(light.wordmarkColour).toBe(rgb(b.theme.light.link));
      expect(contrastRatio(toHex(light.wordmarkColour), toHex(light.headerBackground))).toBeGreaterThanOrEqual(4.5);
      expect(light.markFill).not.toBe(dark.markFill);
      await context.close();
    }
  });

  it('keeps every brand’s header on one screen width at 320 px: no horizontal scroll, the number on one line', async () => {
    const { context, page } = await newVisitor(browser);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const b of BRANDS) {
      await page.goto(`${brandOrigin(b.id)}/`, { waitUntil: 'load' });
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        numberLines: Math.round(
          (document.querySelector('.site-header .cta-phone__number')?.getBoundingClientRect().height ?? 0) /
            Number.parseFloat(
              getComputedStyle(document.querySelector('.site-header .cta-phone__number') ?? document.body).lineHeight,
            ),
        ),
      }));
      expect(fit, b.id).toEqual({ scroll: 320, numberLines: 1 });
    }
    await context.close();
  });

  it('keeps the header still while its call button is still arriving: a first paint without it shifts nothing (CLS 0)', async () => {
    // A page can be painted before all of it is parsed; the header's call button comes after the
    // brand in the document. Without the button, the brand and the header must sit where they do with it.
    const { context, page } = await newVisitor(browser);
    const moved: string[] = [];
    for (const width of [320, 412, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const b of BRANDS) {
        await page.goto(`${brandOrigin(b.id)}/`, { waitUntil: 'load' });
        const place = await page.evaluate(() => {
          const at = () => {
            const brand = document.querySelector('.site-header .brand-block')?.getBoundingClientRect();
            const header = document.querySelector('.site-header')?.getBoundingClientRect();
            return { brandTop: brand?.top, headerHeight: header?.height };
          };
          const whole = at();
          document.querySelector('.site-header__inner > :last-child')?.remove();
          return { whole, beforeTheButton: at() };
        });
        expect(place.whole.brandTop, `${b.id} at ${width}px`).toBeDefined();
        if (JSON.stringify(place.beforeTheButton) !== JSON.stringify(place.whole))
          moved.push(
            `${b.id} at ${width}px: ${JSON.stringify(place.whole)} -> ${JSON.stringify(place.beforeTheButton)}`,
          );
      }
    }
    expect(moved).toEqual([]);
    await context.close();
  });

  it('loads the brand’s favicon, drawn from its mark', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('sd')}/`, { waitUntil: 'load' });
    const icon = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
      const res = await fetch(href);
      return { type: res.headers.get('content-type'), body: await res.text() };
    });
    expect(icon.type).toMatch(/^image\/svg\+xml/);
    for (const p of brand('sd').logo.mark) expect(icon.body).toContain(p.d);
    await context.close();
  });
});
