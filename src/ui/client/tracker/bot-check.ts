import type { BotCheckResult } from '../../../shared/tracking/event-context';

/**
 * In-house bot check (docs/decisions/0183-isbot-for-the-worker-s-bot-check.md): automation and headless-browser signals read from
 * the page, no library and no third-party request. It does not judge the user agent's words:
 * "bot" inside a phone maker's name (CUBOT) is a person, and the Worker judges the agent with
 * isbot (docs/decisions/0230-the-lead-decision-as-a-rule-table.md). Only a browser announcing
 * its own automation is reported, which no person's phone does.
 */
export function detectBot(nav: Navigator = navigator, win: Window = window): BotCheckResult {
  const signals: string[] = [];
  const ua = nav.userAgent || '';
  if (nav.webdriver) signals.push('webdriver');
  if (/HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium|Cypress|jsdom/i.test(ua)) signals.push('headless-ua');
  if (!nav.languages || nav.languages.length === 0) signals.push('no-languages');
  if (win.outerWidth === 0 && win.outerHeight === 0) signals.push('no-window');
  const globals = win as unknown as Record<string, unknown>;
  if (globals._phantom || globals.callPhantom || globals.__nightmare || globals.domAutomation)
    signals.push('automation-global');
  if (document.documentElement.getAttribute('webdriver') !== null) signals.push('webdriver-attr');
  return { bot: signals.length > 0, signals };
}
