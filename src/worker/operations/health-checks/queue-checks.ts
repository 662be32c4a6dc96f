import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, type HealthContext } from './types';

/** Events accepted by the API against events the consumer took, and dead-letter sends, in the window. */
export async function queueFigures(ctx: HealthContext) {
  const counters = await ctx.counters();
  const sum = (name: string) => counters.filter((c) => c.name === name).reduce((n, c) => n + c.count, 0);
  const eventsAccepted = sum('event.accepted');
  const eventsConsumed = counters
    .filter((c) => c.name === 'queue.batch' && c.label === 'events')
    .reduce((n, c) => n + c.total, 0);
  return {
    eventsAccepted,
    eventsConsumed,
    eventBacklog: Math.max(0, eventsAccepted - eventsConsumed),
    eventsRefused: sum('event.refused'),
    deadLettered: sum('dlq.send'),
  };
}

export const eventBacklogCheck = defineCheck(CATALOG['queue:events-backlog'], async (ctx) => {
  const { eventBacklog } = await queueFigures(ctx);
  return [
    [
      'queue:events-backlog',
      eventBacklog < THRESHOLDS.eventBacklog,
      `${eventBacklog} events accepted and not yet consumed in ${THRESHOLDS.windowMinutes} min`,
    ],
  ];
});

export const deadLetterCheck = defineCheck(CATALOG['queue:dead-letters'], async (ctx) => {
  const { deadLettered } = await queueFigures(ctx);
  return [
    [
      'queue:dead-letters',
      deadLettered === 0,
      `${deadLettered} messages sent to a dead-letter queue in ${THRESHOLDS.windowMinutes} min`,
    ],
  ];
});
