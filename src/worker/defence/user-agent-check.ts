import { isbot } from 'isbot';

/**
 * The Worker's judgement of a request's user agent, for the lead decision: isbot's maintained
 * list of crawlers, HTTP clients and headless browsers (docs/decisions/0183). Not the page's
 * word and not a regular expression of our own: "bot" inside a phone maker's name (CUBOT) is a
 * person. The real-browser and bot corpora in tests/defence/user-agents measure both error rates.
 */
export function userAgentIsBot(userAgent: string | undefined): boolean {
  return isbot(userAgent ?? '');
}
