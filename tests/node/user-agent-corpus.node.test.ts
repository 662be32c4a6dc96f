/**
 * The Worker's judgement of a user agent (src/worker/defence/user-agent-check.ts, isbot) in both
 * directions, over real agents: people's browsers (the `user-agents` package, sampled from real
 * traffic, plus tests/node/user-agents/devices.ts: CUBOT, Huawei, Samsung Internet, Facebook and
 * Instagram in-app) must never be judged bots, and crawlers and HTTP clients must be. The rates
 * printed here are the "user agent" rows of docs/performance.md ("Lead decision: confusion matrix").
 */
import crawlers from 'crawler-user-agents';
import UserAgent from 'user-agents';
import { describe, expect, it } from 'vitest';
import { userAgentIsBot } from '../../src/worker/defence/user-agent-check';
import { DEVICE_USER_AGENTS, TOOL_USER_AGENTS } from './user-agents/devices';

/** Every distinct agent of the package's sample (its whole bundled list, most common first), and the devices. */
function peopleAgents(): string[] {
  const sample = UserAgent.top(100_000).map((d) => d.userAgent);
  return [...new Set([...sample, ...DEVICE_USER_AGENTS])];
}

/**
 * Agents the crawler list names that isbot lets through, each reviewed: people's in-app browsers
 * (the list counts Meta's, which people fill forms in), desktop apps embedding a browser, and a
 * few page-test tools. A new miss after `npm update` fails here until someone reviews it.
 */
const REVIEWED_MISSES: readonly RegExp[] = [
  / Instagram \d/, // a person in Instagram's in-app browser
  /MetaIAB Facebook/, // a person in Facebook's in-app browser
  / Code\/[\d.]+ Chrome\/[\d.]+ Electron/, // VS Code's embedded browser
  / Trae\/[\d.]+ Chrome\/[\d.]+ Electron/, // an editor's embedded browser
  /Fluid\/0\.9/, // a site-specific browser (a person)
  /TSM-turingos/,
  / GTmetrix$/, // a page-speed test
  /Miniature\.io/, // a screenshot service
  / YLT Chrome/, // a page-quality test
];

describe("the Worker's user-agent check over real agents", () => {
  it("judges none of the real people's browsers a bot (CUBOT, Huawei, Samsung Internet, Facebook and Instagram in-app included)", () => {
    const people = peopleAgents();
    expect(people.length).toBeGreaterThanOrEqual(500);
    for (const family of [/CUBOT/i, /HuaweiBrowser/, /SamsungBrowser/, /FBAV|MetaIAB Facebook/, / Instagram \d/])
      expect(
        people.some((ua) => family.test(ua)),
        String(family),
      ).toBe(true);
    const judgedBots = people.filter((ua) => userAgentIsBot(ua));
    console.log(`user agents: people's browsers judged bots ${judgedBots.length} of ${people.length}`);
    expect(judgedBots).toEqual([]);
  });

  it('judges every named crawler and HTTP client a bot (curl, python-requests, Googlebot, HeadlessChrome, ...)', () => {
    const missed = TOOL_USER_AGENTS.filter((ua) => !userAgentIsBot(ua));
    console.log(
      `user agents: crawlers and HTTP clients judged bots ${TOOL_USER_AGENTS.length - missed.length} of ${TOOL_USER_AGENTS.length}`,
    );
    expect(missed).toEqual([]);
  });

  it("judges the crawler list's agents bots, except the reviewed ones", () => {
    const agents = [...new Set(crawlers.flatMap((c) => c.instances))];
    const missed = agents.filter((ua) => !userAgentIsBot(ua));
    console.log(
      `user agents: crawler-user-agents instances judged bots ${agents.length - missed.length} of ${agents.length}`,
    );
    expect(missed.filter((ua) => !REVIEWED_MISSES.some((r) => r.test(ua)))).toEqual([]);
  });
});
