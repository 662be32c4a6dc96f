import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/** http://{brand}.localhost:{port} — Chromium resolves *.localhost to loopback. */
export function brandOrigin(brand: string): string {
  return `http://${brand}.localhost:${inject('workerPort')}`;
}

export function sandboxOrigin(): string {
  return inject('e2eSandboxOrigin');
}

/**
 * A fresh context (new visitor) on a phone-sized viewport, collecting console errors.
 * `userAgent` (see tests/e2e/support/sandbox.ts `taggedUserAgent`) lets a test tell its own
 * partner calls in the sandbox's record from any other test's.
 */
export async function newVisitor(browser: Browser, options: { userAgent?: string } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, ...(options.userAgent ? { userAgent: options.userAgent } : {}) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors };
}
