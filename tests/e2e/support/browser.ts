import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium';

/**
 * Chromium as the tests drive it. Playwright turns the back/forward cache off by default;
 * `backForwardCache` keeps it on, as in a visitor's browser.
 */
export function launchBrowser(options: { backForwardCache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
}

/** http://{brand}.localhost:{port} — Chromium resolves *.localhost to loopback. */
export function brandOrigin(brand: string): string {
  return `http://${brand}.localhost:${inject('workerPort')}`;
}

/**
 * Resolves once the page has run the tasks queued so far and painted twice: whatever an event
 * just caused (a React state update, a dialog opening) has rendered by then. For asserting that
 * something did not happen, without waiting a fixed time.
 */
export function rendered(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/**
 * The exit dialog's triggers are armed: the islands loader arms them at load and hydrates the
 * dialog only when one fires (src/ui/islands/exit-intent/arm.ts), so there is no data-hydrated to wait for.
 */
export async function exitIntentArmed(page: Page): Promise<void> {
  await page.waitForSelector('[data-island="exit-intent"][data-armed]', { state: 'attached', timeout: 30_000 });
}

export function sandboxOrigin(): string {
  return inject('e2eSandboxOrigin');
}

/**
 * A fresh context (new visitor) on a phone-sized viewport, collecting console errors.
 * `userAgent` (see tests/e2e/support/sandbox.ts `taggedUserAgent`) lets a test tell its own
 * partner calls in the sandbox's record from any other test's.
 */
/** A Tuesday, 11:00 AM Pacific: agents answer (src/shared/phone/working-hours.ts). */
const STAFFED_INSTANT = '2025-06-10T18:00:00.000Z';

export async function newVisitor(
  browser: Browser,
  options: {
    userAgent?: string;
    ip?: string;
    javaScriptEnabled?: boolean;
    /** More request headers, e.g. the development-only clock pin (src/worker/hours/edge-clock.ts). */
    headers?: Record<string, string>;
    viewport?: { width: number; height: number };
    hasTouch?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[]; ip: string }> {
  // Each visitor its own client ip (as in the workerd tests): per-ip rate limits of
  // one test never reach another's. A loopback address, so the sandbox's geo service still
  // places it in Miami as it does 127.0.0.1.
  const ip = options.ip ?? loopbackIp();
  // Without JavaScript the Worker itself holds the last step for a call-back time while agents
  // are away (src/worker/hours/callback-form.ts), and no script can decline it: a walk that is
  // not about the call-back pins the Worker's clock to a staffed hour instead, so it never
  // depends on the time of day it runs.
  const staffed: Record<string, string> =
    options.javaScriptEnabled === false && !options.headers?.['x-dev-clock'] ? { 'x-dev-clock': STAFFED_INSTANT } : {};
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: 1,
    extraHTTPHeaders: { 'cf-connecting-ip': ip, ...staffed, ...options.headers },
    ...(options.hasTouch ? { hasTouch: true, isMobile: true } : {}),
    // A person's browser agent unless the test names one: Chromium's own says `HeadlessChrome`,
    // which the Worker rightly judges a bot (isbot), and a visitor's walk is a person's.
    userAgent:
      options.userAgent ??
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
    ...(options.javaScriptEnabled === false ? { javaScriptEnabled: false } : {}),
  });
  // A walk that is not about the call-back (no pinned clock) declines it when the page's clock
  // says agents are away, as a visitor would with "Send without a call-back time": otherwise such
  // a walk would depend on the time of day it runs (the call-back screen holds the last step).
  if (!options.headers?.['x-dev-clock'] && options.javaScriptEnabled !== false) {
    await context.addInitScript(() => {
      new MutationObserver(() => {
        const decline = document.querySelector<HTMLButtonElement>(
          '[data-callback-picker] .form-actions .btn-quiet:not([disabled])',
        );
        decline?.click();
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors, ip };
}

/** A fresh loopback client ip (127.0.0.0/8, never 127.0.0.1). */
export function loopbackIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `127.${bytes[0] ?? 0}.${bytes[1] ?? 0}.${2 + ((bytes[2] ?? 0) % 253)}`;
}
