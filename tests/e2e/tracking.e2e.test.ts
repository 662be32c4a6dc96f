import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rowSchema = z.object({ event: z.string(), paid: z.number(), page: z.string().nullable(), step_name: z.string().nullable(), properties: z.string() });

/** Stored events of one visitor, read from the local D1 that `wrangler dev` writes. */
function storedEvents(anonymousId: string): z.infer<typeof rowSchema>[] {
  const sql = `SELECT event, paid, page, step_name, properties FROM events WHERE anonymous_id = '${anonymousId.replace(/[^0-9a-f-]/g, '')}' ORDER BY timestamp, rowid`;
  const out = spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', inject('persistDir'), '--json', '--command', sql], {
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  const parsed = z.array(z.object({ results: z.array(rowSchema) })).parse(JSON.parse(out.stdout));
  return parsed.flatMap((p) => p.results);
}

async function visitorId(context: { cookies(): Promise<{ name: string; value: string }[]> }): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'qf_aid');
  if (!cookie) throw new Error('no qf_aid cookie');
  return cookie.value;
}

describe('tracking in Chromium', () => {
  it('marks a visit with gclid and utm_campaign paid in the stored events, in page order', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/find-benefits?gclid=Cj0KCQiA1234567890&utm_campaign=spring`, { waitUntil: 'load' });
    // Later pages with a cleaned address stay in the same paid session.
    await page.goto(`${brandOrigin('bh')}/get-offers`, { waitUntil: 'load' });
    await page.goto(`${brandOrigin('bh')}/senior-deals`, { waitUntil: 'load' });
    const id = await visitorId(context);
    await expect
      .poll(() => storedEvents(id).filter((e) => e.event === 'pageView').length, { timeout: 20_000, interval: 1000 })
      .toBe(3);
    const views = storedEvents(id).filter((e) => e.event === 'pageView');
    expect(views.map((v) => v.page)).toEqual(['find-benefits', 'get-offers', 'senior-deals']);
    expect(views.every((v) => v.paid === 1)).toBe(true);
    const events = storedEvents(id).map((e) => e.event);
    expect(events).toContain('botCheckCompleted');
    await context.close();
  });

  it('delivers an event emitted just before the tab closes', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-offers`, { waitUntil: 'load' });
    const id = await visitorId(context);
    await page.evaluate(() => {
      // Keep the click on the page (no navigation), then the tab goes away at once.
      document.addEventListener('click', (event) => event.preventDefault());
      const target = document.querySelector('a[href], button') ?? document.body;
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => storedEvents(id).some((e) => e.event === 'elementClicked'), { timeout: 20_000, interval: 1000 }).toBe(true);
    const clicked = storedEvents(id).find((e) => e.event === 'elementClicked');
    expect(JSON.parse(clicked?.properties ?? '{}')).toMatchObject({ session: { paid: false } });
    await context.close();
  });
});
