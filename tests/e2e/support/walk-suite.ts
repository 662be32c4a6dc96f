import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './browser';
import { HOURS, everyFormOnEveryBrand, misplaced, startWalk, walkForm, type Hours, type Screen } from './walk-steps';

/**
 * The main action is always in view: every step of every form on every brand that serves it,
 * English and Spanish, agents answering and away; after each step's last answer the main
 * button (a one-tap step's tiles) lies wholly under the sticky header and above the call bar
 * and the fold, drawn over by nothing, and no line is left cut by the header. This file walks
 * the share that falls on one screen: one browser, one page per clock, reused walk after walk.
 */
export function mainActionWalks(screen: Screen): void {
  let browser: Browser;
  const pages = new Map<Hours, { context: BrowserContext; page: Page; errors: string[] }>();
  beforeAll(async () => {
    browser = await launchBrowser();
    for (const hours of Object.keys(HOURS) as Hours[]) {
      pages.set(
        hours,
        await newVisitor(browser, {
          viewport: screen.viewport,
          hasTouch: screen.touch,
          headers: { 'x-dev-clock': HOURS[hours].toISOString() },
        }),
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe(`the main action in view on ${screen.name}${screen.keyboard ? ' (keyboard open)' : ''}`, () => {
    // WALK_FORMS=medicare,life runs only those forms' walks (a quick look at one form while working on it).
    const only = process.env.WALK_FORMS?.split(',');
    const walks = everyFormOnEveryBrand().filter((w) => w.screen === screen && (!only || only.includes(w.form)));
    for (const walk of walks) {
      it(`${walk.form} on ${walk.brand} (${walk.path}), agents ${walk.hours}`, async () => {
        const visitor = pages.get(walk.hours);
        if (!visitor) throw new Error('no page');
        await startWalk(visitor.context, visitor.page, walk);
        const places = await walkForm(visitor.page, walk);
        const wrong = places.map(misplaced).filter((m) => m !== null);
        if (process.env.WALK_LOG) {
          const { appendFileSync } = await import('node:fs');
          const line = places.map((p) => `${p.step} ${p.bottom}/${p.floor}`).join(', ');
          appendFileSync(process.env.WALK_LOG, `${walk.form} ${walk.brand} ${screen.name} ${walk.hours}: ${line}\n`);
        }
        if (wrong.length) console.log(`${walk.form} ${walk.brand} ${screen.name} ${walk.hours}: ${wrong.join(' / ')}`);
        expect(wrong).toEqual([]);
        expect(visitor.errors.splice(0)).toEqual([]);
      });
    }
  });
}
