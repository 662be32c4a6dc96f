import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { sha256Hex } from '../../src/shared/consent';
import { requiredMedicareSentences, sellerBoxLabel } from '../support/consent-sentences';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';

/**
 * A contact step that fits one phone screen (390x844 minus the call bar), English and Spanish,
 * Medicare, auto and life: after the step lands under the sticky header (as a step change
 * scrolls it) and the visitor fills its fields, the main button is in view above the call bar
 * without scrolling. The button says what the consent text names ("Talk to a licensed agent" on
 * Medicare). On Medicare the consent that is attested stands whole in view next to the button,
 * every sentence that carries its weight inside the screen and outside any closed <details>, and
 * each company box says what ticking it does; on auto and life the full text is one tap away.
 * Either way the attested text is, byte for byte, the catalog's text for the current version;
 * Skip still works with JavaScript off.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
/**
 * The clocks each step is checked under, on the Worker (the development-only clock header) and the
 * page alike: agents answering (a Tuesday, 11:00 Pacific), and agents away (a Sunday, 19:00
 * Pacific), when the taller call bar leaves less room and a call-back time is asked on a
 * screen of its own once the step is sent.
 */
const AGENTS_IN = new Date('2026-06-09T18:00:00Z');
const AGENTS_AWAY = new Date('2026-06-15T02:00:00Z');
const POLL = { timeout: 15_000, interval: 250 };

/** This file's own phone number, never one another file's walk uses. */
const OWN_PHONE = `305556${String(1000 + Math.floor(Math.random() * 9000))}`;

const CONTACT_STEPS = [
  // Medicare, one brand of each page layout (calm, bold, editorial) and the Spanish brand.
  {
    brand: 'bh',
    path: '/get-yours-otc/contact',
    action: 'Talk to a licensed agent',
    version: '2026-12-22-medicare',
    language: 'english' as const,
  },
  {
    brand: 'sd',
    path: '/get-yours-otc/contact',
    action: 'Talk to a licensed agent',
    version: '2026-12-22-medicare',
    language: 'english' as const,
  },
  {
    brand: 'm10',
    path: '/get-yours-otc/contact',
    action: 'Talk to a licensed agent',
    version: '2026-12-22-medicare',
    language: 'english' as const,
  },
  {
    brand: 'wc',
    path: '/get-yours-otc/contact',
    action: 'Talk to a licensed agent',
    version: '2026-12-22-medicare',
    language: 'english' as const,
  },
  {
    brand: 'm10es',
    path: '/get-yours-otc-es/contact',
    action: 'Hablar con un agente',
    version: '2026-12-22-medicare',
    language: 'spanish' as const,
  },
  // Auto (four fields) and life.
  { brand: 'ps', path: '/call-auto/contact', action: 'Send my request', version: '2026-12-30', language: null },
  { brand: 'tqg', path: '/compare-auto/contact', action: 'Send my request', version: '2026-12-30', language: null },
  { brand: 'bh', path: '/get-life-now/contact', action: 'Send my request', version: '2026-12-30', language: null },
];

/** Types into every empty text field of the step, by tapping it as a visitor would. */
async function fillFields(page: Page): Promise<void> {
  const values: Record<string, string> = {
    tel: OWN_PHONE,
    email: 'contact.fits@example.com',
    text: '12 Ocean Drive',
  };
  const inputs = page.locator('.quote-form form .field input:visible');
  for (let i = 0; i < (await inputs.count()); i += 1) {
    const input = inputs.nth(i);
    const type = (await input.getAttribute('type')) ?? 'text';
    const value = values[type];
    if (!value || (await input.inputValue()) !== '') continue;
    await input.tap();
    await input.pressSequentially(value);
  }
  // The keyboard closes (nothing has focus) and the call bar comes back after its short delay.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const bar = document.querySelector('[data-call-bar]');
          return bar ? getComputedStyle(bar).visibility : 'none';
        }),
      POLL,
    )
    .toBe('visible');
}

/** Medicare in English and Spanish with agents away. */
const AWAY_STEPS = CONTACT_STEPS.filter((step) => step.brand === 'bh' && step.path.startsWith('/get-yours-otc/'))
  .concat(CONTACT_STEPS.filter((step) => step.brand === 'm10es'))
  .map((step) => ({ ...step, clock: AGENTS_AWAY, away: true }));

describe('the contact step fits one phone screen', () => {
  for (const step of [...CONTACT_STEPS.map((s) => ({ ...s, clock: AGENTS_IN, away: false })), ...AWAY_STEPS]) {
    it(`${step.brand}${step.path}${step.away ? ' (agents away)' : ''}: "${step.action}" in view after filling the fields, the attested consent in view (Medicare) or one tap away`, async () => {
      const { context, page } = await newVisitor(browser, {
        hasTouch: true,
        headers: { 'x-dev-clock': step.clock.toISOString() },
      });
      await page.clock.setFixedTime(step.clock);
      await page.goto(`${brandOrigin(step.brand)}${step.path}`);
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
      // Where a step change lands the step: its top 24 px under the sticky header (src/ui/scroll.ts).
      await page.evaluate(() => {
        const sticky = [...document.querySelectorAll('[data-sticky]')].reduce(
          (sum, el) => sum + el.getBoundingClientRect().height,
          0,
        );
        const form = document.querySelector('.quote-form form');
        if (form) scrollTo({ top: form.getBoundingClientRect().top + scrollY - sticky - 24, behavior: 'instant' });
      });
      await fillFields(page);
      const main = page.locator('.quote-form .form-actions .btn');
      expect(await main.textContent()).toBe(step.action);
      const seen = await page.evaluate(() => {
        const button = document.querySelector('.quote-form .form-actions .btn')?.getBoundingClientRect();
        const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect();
        const header = document.querySelector('[data-sticky]')?.getBoundingClientRect();
        return {
          top: button?.top ?? -1,
          bottom: button?.bottom ?? Infinity,
          bar: bar?.top ?? 0,
          header: header?.bottom ?? 0,
        };
      });
      expect(seen.top, 'under the sticky header').toBeGreaterThanOrEqual(seen.header);
      expect(seen.bottom, 'above the call bar').toBeLessThanOrEqual(seen.bar);

      // Medicare: every sentence that carries the consent is in the screen, outside any closed
      // <details>, without a tap; the company boxes say what ticking them does.
      if (step.language) {
        const placed = await page.evaluate(
          (sentences) => {
            const form = document.querySelector('.quote-form form');
            const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect().top ?? 0;
            const header = document.querySelector('[data-sticky]')?.getBoundingClientRect().bottom ?? 0;
            const walker = document.createTreeWalker(form ?? document.body, NodeFilter.SHOW_TEXT);
            const found: Record<string, { top: number; bottom: number; closed: boolean; visible: boolean }> = {};
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? '';
              for (const sentence of sentences) {
                const at = text.indexOf(sentence);
                if (at < 0 || found[sentence]) continue;
                const range = document.createRange();
                range.setStart(node, at);
                range.setEnd(node, at + sentence.length);
                const box = range.getBoundingClientRect();
                const element = node.parentElement;
                found[sentence] = {
                  top: box.top - header,
                  bottom: bar - box.bottom,
                  closed: Boolean(element?.closest('details:not([open])')),
                  visible: Boolean(element?.checkVisibility()) && box.height > 0,
                };
              }
            }
            return sentences.map((sentence) => ({ sentence, ...found[sentence] }));
          },
          requiredMedicareSentences(step.language, BRANDS.find((b) => b.id === step.brand)?.name ?? '?'),
        );
        for (const p of placed) {
          expect(p.visible, `"${p.sentence}" shown`).toBe(true);
          expect(p.closed, `"${p.sentence}" not in a closed <details>`).toBe(false);
          expect(p.top, `"${p.sentence}" under the sticky header`).toBeGreaterThanOrEqual(0);
          expect(p.bottom, `"${p.sentence}" above the call bar`).toBeGreaterThanOrEqual(0);
        }
        const sellers = BRANDS.find((b) => b.id === step.brand)?.consent.medicare?.sellers ?? [];
        expect(await page.locator('.sellers label').allTextContents()).toEqual(
          sellers.map((s) => sellerBoxLabel(step.language, s.name)),
        );
      }
      // The attested text: in view on Medicare; one tap on the summary opens it on auto and life.
      const full = page.locator('.quote-form [data-consent-attested]');
      if (!step.language) {
        expect(await full.isVisible()).toBe(false);
        await page.locator('.consent-full summary').tap();
        await expect.poll(() => full.isVisible(), POLL).toBe(true);
      } else expect(await full.isVisible()).toBe(true);
      const shown = (await full.textContent()) ?? '';
      expect(shown).toContain(`"${step.action}"`);
      const sha = await sha256Hex(shown);
      await expect
        .poll(
          () =>
            queryD1(
              `SELECT version, text FROM consent_texts WHERE sha256 = '${sha}'`,
              z.object({ version: z.string(), text: z.string() }),
            ),
          POLL,
        )
        .toEqual([{ version: step.version, text: shown }]);
      expect(await page.locator('input[name="consentVersion"]').inputValue()).toBe(step.version);

      // Agents away: the call-back offer is a screen of its own once the step is sent, and its
      // button fits too; with agents answering the step is sent as it is.
      if (step.away) {
        expect(await page.locator('[data-callback-picker]').count(), 'no call-back picker on the contact step').toBe(0);
        await page.locator('.sellers input').first().tap();
        await main.tap();
        const picker = page.locator('[data-callback-picker]');
        await picker.waitFor(WAIT);
        expect(await picker.locator('h2').textContent()).toBe(
          step.brand === 'm10es' ? 'Nuestros agentes no están disponibles ahora' : 'Our agents are away right now',
        );
        const ask = await page.evaluate(() => {
          const button = document.querySelector('[data-callback-picker] .form-actions .btn')?.getBoundingClientRect();
          const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect();
          return { bottom: button?.bottom ?? Infinity, bar: bar?.top ?? 0 };
        });
        expect(ask.bottom, 'the call-back button above the call bar').toBeLessThanOrEqual(ask.bar);
      }
      await context.close();
    });
  }
});

describe('Skip on the contact step with JavaScript off', () => {
  it('is a real submit: the skipped contact is kept as a partial lead and the visitor sees the finish', async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false, hasTouch: true });
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc`);
    // Walk to the contact step as a visitor without JavaScript: answer what must be answered, skip the rest.
    for (let i = 0; i < 8 && !new URL(page.url()).pathname.endsWith('/contact'); i += 1) {
      const from = page.url();
      if (await page.locator('input[name="zipcode"]').count())
        await page.locator('input[name="zipcode"]').fill('33101');
      if (await page.locator('input[name="firstName"]').count())
        await page.locator('input[name="firstName"]').fill('Ada');
      const skip = page.locator('.quote-form .form-actions button[value="skip"]');
      if (await skip.count()) await skip.click();
      else await page.locator('.quote-form .form-actions .btn').click();
      await page.waitForURL((url) => url.href !== from, WAIT);
    }
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc/contact');
    const skip = page.locator('.quote-form .form-actions button[value="skip"]');
    expect(await skip.getAttribute('name')).toBe('_action');
    expect(await skip.getAttribute('type')).toBe('submit');
    await skip.click();
    await page.waitForSelector('.quote-form__done', WAIT);
    const id = await visitorIdOf(context);
    await expect
      .poll(
        () =>
          queryD1(
            `SELECT status, partial_reasons FROM leads WHERE visitor_id = '${id}'`,
            z.object({ status: z.string().nullable(), partial_reasons: z.string().nullable() }),
          ),
        POLL,
      )
      .toEqual([{ status: 'partial', partial_reasons: expect.stringContaining('skipped') }]);
    await context.close();
  });
});
