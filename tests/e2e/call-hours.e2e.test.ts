import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinition } from '../../src/shared/forms';
import { brandOrigin, exitIntentArmed, launchBrowser, newVisitor } from './support/browser';

/**
 * The call copy in Chromium. The page re-reads the working hours on the visitor's clock on
 * load, so whatever the server rendered (and whatever a cache kept) the call copy a visitor sees
 * is true: the page's clock is set inside and outside the staffed hours (Pacific time) and every
 * call button says so, with TTY 711 beside every tel: link. Each case runs with the Worker's
 * clock pinned inside and outside the hours (the development-only clock header,
 * src/worker/hours/edge-clock.ts), so no test depends on when it runs. The exit-intent
 * dialog's copy follows the visitor's progress in the form, in English and in Spanish. (The
 * copy at render time, under the Worker's clock, is tests/funnel/call-hours.integration.test.ts.)
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const TUESDAY_11_PT = new Date('2025-06-10T18:00:00Z');
const SUNDAY_19_PT = new Date('2025-06-16T02:00:00Z');
/** The Worker's clocks each case runs under: agents answering, and agents away. */
const WORKER_CLOCKS = [
  { name: 'Worker inside the hours', at: '2025-06-11T16:00:00Z' }, // Wednesday 09:00 PT
  { name: 'Worker outside the hours', at: '2025-06-14T04:00:00Z' }, // Friday 21:00 PT
];

/** For every tel: link on the page (dialogs included): its call wrapper's TTY text. */
function ttyBesideEveryTel(page: Page): Promise<{ href: string; tty: string | null }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')].map((a) => ({
      href: a.getAttribute('href') ?? '',
      tty: a.closest('.call-cta')?.querySelector('.call-hours__tty')?.textContent ?? null,
    })),
  );
}

/** Every call button's label as shown (islands hydrated or not): what a visitor reads on it. */
function callLabels(page: Page): Promise<string[]> {
  return page.locator('[data-call-label]').allTextContents();
}

describe.each(WORKER_CLOCKS)('call copy on the visitor clock ($name)', ({ at }) => {
  const headers = { 'x-dev-clock': at };

  it('inside the staffed hours: "Call now", until when, and TTY 711 beside every call button', async () => {
    const { context, page, errors } = await newVisitor(browser, { headers });
    await page.clock.setFixedTime(TUESDAY_11_PT);
    await page.goto(`${brandOrigin('bh')}/otc-allowance`);
    const header = page.locator('.site-header .call-cta');
    await expect.poll(() => header.locator('.call-hours__text').textContent(), WAIT).toBe('Open until 5:00 PM PT');
    expect(await header.locator('[data-call-label]').textContent()).toBe('Call now');
    const lines = await page.locator('[data-call-hours="line"] .call-hours__text').allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (await page.locator('[data-call-hours="line"] .call-hours__text').allTextContents()).every((line) =>
            line.includes('Licensed agents are available now until 5:00 PM PT.'),
          ),
        WAIT,
      )
      .toBe(true);
    await expect.poll(() => callLabels(page), WAIT).toEqual((await callLabels(page)).map(() => 'Call now'));
    const tels = await ttyBesideEveryTel(page);
    expect(tels.length).toBeGreaterThanOrEqual(2);
    for (const tel of tels) expect(tel, tel.href).toMatchObject({ tty: 'TTY 711' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('outside them: when agents are back, no "Call now" anywhere a visitor reads, the call button still dials', async () => {
    const { context, page, errors } = await newVisitor(browser, { headers });
    await page.clock.setFixedTime(SUNDAY_19_PT);
    await page.goto(`${brandOrigin('bh')}/get-offers`);
    const header = page.locator('.site-header .call-cta');
    await expect
      .poll(() => header.locator('.call-hours__text').textContent(), WAIT)
      .toBe('Agents back tomorrow at 5:00 AM PT');
    expect(await header.locator('a.cta-phone').getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    // Every call button, the form island's included once hydrated, says "Call"; the rendered
    // text (innerText: what is on screen, not the islands' props JSON) never says "Call now".
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    await expect.poll(() => callLabels(page), WAIT).toEqual((await callLabels(page)).map(() => 'Call'));
    expect(await page.locator('body').innerText()).not.toContain('Call now');
    for (const tel of await ttyBesideEveryTel(page)) expect(tel, tel.href).toMatchObject({ tty: 'TTY 711' });
    // The exit dialog (an island) says the same on the visitor's clock.
    await exitIntentArmed(page);
    expect(await page.locator('dialog.exit-intent .call-hours__text').textContent()).toBe(
      'Our licensed agents are away right now. They are back tomorrow at 5:00 AM PT.',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Spanish on a Spanish page', async () => {
    const { context, page } = await newVisitor(browser, { headers });
    await page.clock.setFixedTime(SUNDAY_19_PT);
    await page.goto(`${brandOrigin('m10es')}/go-4-life-es`);
    const header = page.locator('.site-header .call-cta');
    await expect
      .poll(() => header.locator('.call-hours__text').textContent(), WAIT)
      .toMatch(/^Agentes desde mañana a las 5:00\sa\.\s?m\. hora del Pacífico$/);
    expect(await header.locator('[data-call-label]').textContent()).toBe('Llamar');
    expect(await page.locator('body').innerText()).not.toContain('Llame ahora');
    await context.close();
  });
});

describe('honest hours in the browser', () => {
  it('on Thanksgiving the agents are away all day, whatever the Worker rendered', async () => {
    for (const worker of [TUESDAY_11_PT, new Date('2026-11-26T18:00:00Z')]) {
      const { context, page, errors } = await newVisitor(browser, { headers: { 'x-dev-clock': worker.toISOString() } });
      await page.clock.setFixedTime(new Date('2026-11-26T18:00:00Z')); // Thursday 10:00 PST, Thanksgiving
      await page.goto(`${brandOrigin('bh')}/get-offers`);
      const header = page.locator('.site-header .call-cta');
      await expect
        .poll(() => header.locator('.call-hours__text').textContent(), WAIT)
        .toBe('Agents back tomorrow at 5:00 AM PT');
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
      await expect.poll(() => callLabels(page), WAIT).toEqual((await callLabels(page)).map(() => 'Call'));
      expect(await page.locator('body').innerText()).not.toContain('Call now');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a visitor in Miami reads the hours in Eastern time, rendered and recomputed alike', async () => {
    for (const worker of [TUESDAY_11_PT, new Date(SUNDAY_19_PT)]) {
      const { context, page, errors } = await newVisitor(browser, {
        headers: { 'x-dev-clock': worker.toISOString(), 'x-dev-time-zone': 'America/New_York' },
      });
      await page.clock.setFixedTime(new Date(TUESDAY_11_PT.getTime() + 10 * 60_000));
      await page.goto(`${brandOrigin('bh')}/otc-allowance`);
      const header = page.locator('.site-header .call-cta');
      await expect.poll(() => header.locator('.call-hours__text').textContent(), WAIT).toBe('Open until 8:00 PM ET');
      const line = page.locator('[data-call-hours="line"] .call-hours__text').first();
      await expect
        .poll(() => line.textContent(), WAIT)
        .toContain('Monday to Friday 8 AM to 8 PM, Saturday 9 AM to 6 PM, Eastern time');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('the working-hours code only when the hour moved', () => {
  it('a page shown in the hour it was rendered for keeps its copy and downloads no working-hours code; another hour does', async () => {
    // The Worker renders on Tuesday 11:00 PT; the visitor's clock is twenty minutes later, the same hour.
    const { context, page, errors } = await newVisitor(browser, {
      headers: { 'x-dev-clock': TUESDAY_11_PT.toISOString() },
    });
    await page.clock.setFixedTime(new Date(TUESDAY_11_PT.getTime() + 20 * 60_000));
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/build/chunks/call-hours-copy-')) chunks.push(r.url());
    });
    await page.goto(`${brandOrigin('bh')}/get-offers`);
    await exitIntentArmed(page);
    const header = page.locator('.site-header .call-cta .call-hours__text');
    expect(await header.textContent()).toBe('Open until 5:00 PM PT');
    expect(chunks).toEqual([]);
    // The same page in another hour (a tab left open, a page from a cache): the copy is computed, for the islands too.
    await page.clock.setFixedTime(SUNDAY_19_PT);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow')));
    await expect.poll(() => chunks.length, WAIT).toBe(1);
    await expect.poll(() => header.textContent(), WAIT).toBe('Agents back tomorrow at 5:00 AM PT');
    expect(await page.locator('dialog.exit-intent .call-hours__text').textContent()).toBe(
      'Our licensed agents are away right now. They are back tomorrow at 5:00 AM PT.',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('exit-intent copy by progress', () => {
  const leave = (page: Page) =>
    page.evaluate(() =>
      document.dispatchEvent(
        new MouseEvent('mouseout', { clientX: 200, clientY: -1, relatedTarget: null, bubbles: true }),
      ),
    );

  /** Opens the dialog on `path` (fresh memory each time) and returns its title. */
  async function titleOn(page: Page, url: string): Promise<string> {
    await page.goto(url);
    await exitIntentArmed(page);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    await page.evaluate(() => window.dispatchEvent(new Event('quote:exit-intent-reset')));
    const dialog = page.locator('dialog.exit-intent');
    await expect
      .poll(async () => {
        await leave(page);
        return dialog.evaluate((d: HTMLDialogElement) => d.open);
      }, WAIT)
      .toBe(true);
    const title = (await dialog.locator('h2').textContent()) ?? '';
    await page.keyboard.press('Escape');
    return title;
  }

  it('step 1 is a start, the middle counts the steps, "almost ready" only near the end; in Spanish too', async () => {
    const steps = formDefinition('medicare').steps.map((s) => s.name);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    const { context, page, errors } = await newVisitor(browser);
    const base = `${brandOrigin('bh')}/get-offers`;
    const first = await titleOn(page, `${base}/${steps[0]}`);
    expect(first).toBe('Before you go: it takes a few minutes');
    expect(await titleOn(page, `${base}/${steps[1]}`)).toBe(`Before you go: you are on step 2 of ${steps.length}`);
    expect(await titleOn(page, `${base}/${steps[steps.length - 2]}`)).toBe(
      'Before you go: your request is almost ready',
    );
    const es = await titleOn(page, `${brandOrigin('m10es')}/go-4-life-es/${steps[0]}`);
    expect(es).toBe('Antes de irse: toma unos minutos');
    expect(es).not.toContain('casi lista');
    expect(await titleOn(page, `${brandOrigin('m10es')}/go-4-life-es/${steps[steps.length - 1]}`)).toBe(
      'Antes de irse: su solicitud está casi lista',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
