import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { storedEventsOf, visitorIdOf } from './support/d1';

/**
 * Spec section 4: bot detection runs once at start, then emits botCheckCompleted. The page's
 * check in Chromium, for an automated browser that says so (navigator.webdriver, a headless
 * agent) and for one that looks like a person's: the result lands in D1 with the event.
 */
const WAIT = { timeout: 30_000, interval: 300 };
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function botCheckOf(webdriver: boolean, userAgent?: string): Promise<{ bot: boolean; signals: string[] }> {
  const { context, page } = await newVisitor(browser, userAgent ? { userAgent } : {});
  await context.addInitScript(
    (flag) => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => flag }),
    webdriver,
  );
  await page.goto(`${brandOrigin('bh')}/privacy`);
  const id = await visitorIdOf(context);
  await expect.poll(() => storedEventsOf(id).some((e) => e.event === 'botCheckCompleted'), WAIT).toBe(true);
  const row = storedEventsOf(id).find((e) => e.event === 'botCheckCompleted');
  await context.close();
  return JSON.parse(row?.properties ?? '{}') as { bot: boolean; signals: string[] };
}

describe('the browser bot check (spec section 4)', () => {
  it('reports a browser announcing automation as a bot, naming the signals', async () => {
    const result = await botCheckOf(true);
    expect(result.bot).toBe(true);
    expect(result.signals).toContain('webdriver');
  });

  it('reports a headless agent as a bot even without the webdriver flag', async () => {
    const result = await botCheckOf(false, `${PERSON_UA.replace('Chrome/', 'HeadlessChrome/')}`);
    expect(result).toMatchObject({ bot: true, signals: ['headless-ua'] });
  });

  it("reports a person's browser as no bot, with no signal", async () => {
    expect(await botCheckOf(false, PERSON_UA)).toEqual(expect.objectContaining({ bot: false, signals: [] }));
  });

  it('reports a CUBOT phone as no bot: "bot" inside a maker\'s name is a person (the Worker judges the agent with isbot)', async () => {
    const cubot =
      'Mozilla/5.0 (Linux; Android 11; CUBOT_X50 Build/RP1A.200720.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
    expect(await botCheckOf(false, cubot)).toEqual(expect.objectContaining({ bot: false, signals: [] }));
  });
});
