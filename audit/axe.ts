/**
 * axe-core in the page (injected from node_modules, no network), after the islands hydrated,
 * on a phone-sized viewport, and again with the exit dialog open where the page has one. Every violation counts, whatever its impact; so does an island
 * that never hydrates (axe would otherwise audit the server HTML and call it a pass), and a
 * robots rule that disagrees with the route table (robots.ts).
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { robotsMismatch, saysNoindex } from './robots';

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

const violationsSchema = z.array(
  z.object({
    id: z.string(),
    impact: z.string().nullable().optional(),
    help: z.string(),
    nodes: z.array(z.object({ target: z.array(z.unknown()) })),
  }),
);
export type AxeViolation = z.infer<typeof violationsSchema>[number];

export interface AxeResult {
  url: string;
  status: number;
  violations: AxeViolation[];
  /** What else failed on the page: islands not hydrated in time, a wrong robots rule. */
  failures: string[];
}

const HYDRATION_TIMEOUT_MS = 10_000;

export async function runAxe(
  browser: Browser,
  url: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<AxeResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    const failures: string[] = [];
    // Islands hydrate after load; audit what the visitor then sees. One that never hydrates fails the
    // page; a dormant one (the exit dialog, hydrated when a trigger fires) must at least be armed.
    const hydrated = await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('[data-island]')].every(
            (el) =>
              el.hasAttribute('data-hydrated') || (el.hasAttribute('data-dormant') && el.hasAttribute('data-armed')),
          ),
        undefined,
        { timeout: HYDRATION_TIMEOUT_MS },
      )
      .then(() => true)
      .catch(() => false);
    if (!hydrated) {
      const pending = await page.evaluate(() =>
        [...document.querySelectorAll('[data-island]:not([data-hydrated]):not([data-armed])')].map(
          (el) => el.getAttribute('data-island') ?? '?',
        ),
      );
      failures.push(`islands not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s: ${pending.join(', ')}`);
    }
    const metaRobots = await page.evaluate(
      () => document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    );
    const robots = robotsMismatch(url, saysNoindex(metaRobots, (await response?.headerValue('x-robots-tag')) ?? null));
    if (robots) failures.push(robots);
    await page.evaluate(AXE_SOURCE);
    const audit = async () =>
      violationsSchema.parse(
        await page.evaluate(async () => {
          const axe = (
            window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown }> } }
          ).axe;
          const results = await axe.run(document, { resultTypes: ['violations'] });
          return results.violations;
        }),
      );
    const violations = await audit();
    // The exit dialog is audited open too: hidden, axe would skip it. The pointer leaves through the
    // top edge (its desktop trigger); a page whose options have no such trigger keeps it closed.
    if ((await page.locator('[data-island="exit-intent"][data-armed]').count()) > 0) {
      await page.evaluate(() =>
        document.dispatchEvent(
          new MouseEvent('mouseout', { clientX: 200, clientY: -1, relatedTarget: null, bubbles: true }),
        ),
      );
      const opened = await page
        .waitForSelector('[data-island="exit-intent"][data-hydrated] dialog[open]', { timeout: HYDRATION_TIMEOUT_MS })
        .then(() => true)
        .catch(() => false);
      if (opened) {
        const seen = new Set(violations.map((v) => v.id));
        for (const v of await audit())
          if (!seen.has(v.id)) violations.push({ ...v, help: `${v.help} (exit dialog open)` });
      }
    }
    return { url, status: response?.status() ?? 0, violations, failures };
  } finally {
    await context.close();
  }
}
