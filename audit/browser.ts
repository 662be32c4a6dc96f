/**
 * Debian's Chromium driven by playwright-core, with a DevTools port open so Lighthouse can
 * audit in the same browser. Flags as the browser tests use them (tests/e2e/support).
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, freePort } from '../scripts/lib/chromium';

export async function launchAuditBrowser(): Promise<{ browser: Browser; debuggingPort: number }> {
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${debuggingPort}`],
    headless: true,
    // Playwright turns the back/forward cache off; Lighthouse's bf-cache audit needs it as visitors have it.
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  return { browser, debuggingPort };
}
