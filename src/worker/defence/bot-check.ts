import { z } from 'zod';
import { visitorStub } from '../visitor';

/**
 * The spec's bot detection (botCheckCompleted, run once per tab by the page) kept on the
 * visitor for the lead's verdict. A page can lie about itself, so it only ever makes a lead
 * `suspect`, never clears one: a script that reports `bot: false` gains nothing.
 */
const botCheckProps = z.object({ bot: z.boolean(), signals: z.array(z.string().max(64)).max(20).catch([]) });

export async function rememberBotCheck(
  env: Env,
  visitorId: string,
  properties: Record<string, unknown>,
): Promise<void> {
  const parsed = botCheckProps.safeParse(properties);
  if (!parsed.success) return;
  await visitorStub(env, visitorId).rememberPartnerResult('bot-check', JSON.stringify(parsed.data));
}
