/**
 * axe-core in the page (injected from node_modules, no network), after the islands hydrated,
 * on a phone-sized viewport. Every violation counts, whatever its impact.
 */
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { z } from 'zod';

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
}

export async function runAxe(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<AxeResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    // Islands hydrate after load; audit what the visitor then sees.
    await page.waitForFunction(() => [...document.querySelectorAll('[data-island]')].every((el) => el.hasAttribute('data-hydrated')), undefined, { timeout: 10_000 }).catch(() => undefined);
    await page.evaluate(AXE_SOURCE);
    const raw: unknown = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown }> } }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations;
    });
    return { url, status: response?.status() ?? 0, violations: violationsSchema.parse(raw) };
  } finally {
    await context.close();
  }
}
