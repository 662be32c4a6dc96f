/**
 * Debian's Chromium driven by playwright-core, with a DevTools port open so Lighthouse can
 * audit in the same browser. Flags as the browser tests use them (tests/e2e/support).
 */
import { createServer } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function launchAuditBrowser(): Promise<{ browser: Browser; debuggingPort: number }> {
  const debuggingPort = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...FLAGS, `--remote-debugging-port=${debuggingPort}`],
    headless: true,
  });
  return { browser, debuggingPort };
}
