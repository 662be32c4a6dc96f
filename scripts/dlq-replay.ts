/**
 * `npm run dlq:replay -- --queue events|leads|ad-conversions --env staging|production [--limit N]`
 *
 * Sends a queue's dead letters back to it (scripts/lib/dlq-replay.ts), after the cause is fixed.
 * Reads the queue and its dead-letter queue from wrangler.toml (every consumer with a
 * `dead_letter_queue`), needs CLOUDFLARE_API_TOKEN (Queues Write) and CLOUDFLARE_ACCOUNT_ID, and an
 * HTTP pull consumer on the dead-letter queue, added once: `npx wrangler queues consumer http add <dlq>`
 * (the dead-letter queues have no Worker consumer on purpose: a person looks first).
 * CLOUDFLARE_API_BASE_URL, when set, is the API base (as wrangler reads it).
 */
import { createRequire } from 'node:module';
import { queueIds, replayDeadLetters } from './lib/dlq-replay';

const require = createRequire(import.meta.url);
const wranglerApi = require('wrangler') as typeof import('wrangler');

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const short = option('--queue');
const env = option('--env');
const limit = option('--limit');
const usage = 'usage: npm run dlq:replay -- --queue events|leads|ad-conversions --env staging|production [--limit N]';
if (!short || (env !== 'staging' && env !== 'production')) {
  console.error(usage);
  process.exit(2);
}

const config = wranglerApi.unstable_readConfig(
  { config: option('--config') ?? 'wrangler.toml', env },
  { hideWarnings: true },
) as unknown as {
  queues?: { consumers?: { queue: string; dead_letter_queue?: string }[] };
};
const withDeadLetters = (config.queues?.consumers ?? []).filter((c) => c.dead_letter_queue);
const consumer = withDeadLetters.find((c) => c.queue === short || c.queue === `quote-funnel-${short}-${env}`);
if (!consumer?.dead_letter_queue) {
  console.error(
    `dlq:replay: no queue "${short}" with a dead-letter queue in [env.${env}]; known: ${withDeadLetters.map((c) => c.queue).join(', ')}`,
  );
  process.exit(2);
}
const token = process.env.CLOUDFLARE_API_TOKEN;
const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
if (!token || !accountId) {
  console.error('dlq:replay: needs CLOUDFLARE_API_TOKEN (Queues Write) and CLOUDFLARE_ACCOUNT_ID');
  process.exit(2);
}
const api = { base: process.env.CLOUDFLARE_API_BASE_URL ?? 'https://api.cloudflare.com/client/v4', token, accountId };
const ids = await queueIds(api, [consumer.queue, consumer.dead_letter_queue]);
const queueId = ids.get(consumer.queue);
const deadLetterQueueId = ids.get(consumer.dead_letter_queue);
if (!queueId || !deadLetterQueueId) {
  console.error(`dlq:replay: ${!queueId ? consumer.queue : consumer.dead_letter_queue} does not exist on this account`);
  process.exit(1);
}
try {
  const outcome = await replayDeadLetters(api, {
    deadLetterQueueId,
    queueId,
    // The events consumer wraps what it dead-letters itself as { reason, detail, queue, body }.
    unwrap: consumer.queue.includes('-events'),
    limit: limit ? Number(limit) : undefined,
  });
  console.log(
    `dlq:replay ${consumer.dead_letter_queue} -> ${consumer.queue}: ${outcome.replayed} of ${outcome.pulled} replayed${
      outcome.unreadable
        ? `, ${outcome.unreadable} left in the dead-letter queue (v8 bodies cannot be read outside Workers)`
        : ''
    }`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`dlq:replay: ${message}`);
  if (/pull/.test(message))
    console.error(
      `Add an HTTP pull consumer to the dead-letter queue once: npx wrangler queues consumer http add ${consumer.dead_letter_queue}`,
    );
  process.exit(1);
}
