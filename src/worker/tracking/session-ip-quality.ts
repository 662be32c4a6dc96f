import type { Context } from 'hono';
import { z } from 'zod';
import { ipQualitySchema } from '../../partners/ipqs';
import type { QueuedEvent } from '../../shared/tracking/event-schema';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';

/**
 * Spec 7.6 and 3 (event context): the ip-quality result is checked once per session and
 * carried by every later event. The browser carries it in the events it sends; events the
 * Worker records itself (lowBidResult) get it here, from the visitor's stored result when
 * it belongs to the event's session.
 */
export const storedIpQualitySchema = z.object({ sessionId: z.string().nullable(), result: ipQualitySchema });

export async function withSessionIpQuality(c: Context<AppEnv>, event: QueuedEvent): Promise<QueuedEvent> {
  if (event.properties.ipQuality) return event;
  try {
    const text = await visitorStub(c.env, c.var.visitorId).recallPartnerResult('ip-quality');
    const stored = text === null ? null : storedIpQualitySchema.safeParse(JSON.parse(text) as unknown);
    if (!stored?.success || stored.data.sessionId !== event.sessionId) return event;
    return { ...event, properties: { ...event.properties, ipQuality: stored.data.result } };
  } catch {
    // The event goes out without it rather than not at all.
    return event;
  }
}
