import { z } from 'zod';
import { EVENT_NAMES } from './event-names';
import { CONTEXT_PARAMS, MAX_PARAM_LENGTH } from './session-params';

/**
 * The body of POST /api/event/create (spec section 7, call 4) and the message the Worker puts
 * on the EVENTS queue. One schema for the API, the queue consumer and the tests.
 */

/** Largest accepted request body; an event context with generous per-event props is ~3 KB. */
export const MAX_EVENT_BODY_BYTES = 16 * 1024;
/** Largest properties object once stripped and serialized (what a D1 row carries, capped). */
export const MAX_PROPERTIES_BYTES = 8 * 1024;
/** Deepest nesting of event properties (the event context itself is 3 levels deep). */
export const MAX_PROPERTIES_DEPTH = 5;

/** How deeply a JSON value nests (a scalar is 0). */
export function jsonDepth(value: unknown, limit = 64): number {
  if (value === null || typeof value !== 'object' || limit <= 0) return 0;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, jsonDepth(item, limit - 1));
  return deepest + 1;
}

/** Session and anonymous ids: uuids from us, but bounded and plain whatever arrives. */
export const trackingIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const shortText = z.string().max(512);
const urlParamsSchema = z.partialRecord(z.enum(CONTEXT_PARAMS), z.string().max(MAX_PARAM_LENGTH));

const stepSchema = z.object({
  name: z.string().max(64),
  number: z.number().int().min(0).max(100),
  fallback: z.boolean(),
});

/** The event context (spec section 3). Only the event id is required: server-side events carry less. */
export const eventPropertiesSchema = z.looseObject({
  id: z.uuid(),
  time: z.iso.datetime({ offset: true }).optional(),
  brand: z.looseObject({ id: z.string().max(32), name: shortText }).optional(),
  userId: trackingIdSchema.optional(),
  session: z
    .looseObject({ id: trackingIdSchema, paid: z.boolean(), urlParams: urlParamsSchema.default({}) })
    .optional(),
  page: z
    .looseObject({
      name: z.string().max(128),
      step: stepSchema.nullable().optional(),
      template: shortText.nullable().optional(),
    })
    .optional(),
  phoneRule: z.looseObject({ afid: z.string().max(MAX_PARAM_LENGTH).nullable() }).optional(),
  url: z
    .looseObject({ href: z.string().max(2048), search: z.string().max(2048), pathname: z.string().max(1024) })
    .optional(),
  cookies: z.record(z.string().max(64), z.string().max(256)).optional(),
  urlParams: urlParamsSchema.optional(),
  userAgent: z.string().max(1024).optional(),
  /** Per-event step fields (pageView, formStepSubmitted); they become report columns. */
  stepName: z.string().max(64).optional(),
  stepNumber: z.number().int().min(0).max(100).optional(),
});

export const trackRequestSchema = z.strictObject({
  type: z.literal('track'),
  event: z.enum(EVENT_NAMES),
  timestamp: z.iso.datetime({ offset: true }),
  sessionId: trackingIdSchema,
  anonymousId: trackingIdSchema,
  properties: eventPropertiesSchema,
});

/** What the queue carries: one D1 row, already trusted (built by the Worker), still parsed by the consumer. */
export const queuedEventSchema = z.strictObject({
  id: z.uuid(),
  type: z.literal('track'),
  event: z.enum(EVENT_NAMES),
  timestamp: z.iso.datetime({ offset: true }),
  receivedAt: z.iso.datetime({ offset: true }),
  sessionId: trackingIdSchema,
  anonymousId: trackingIdSchema,
  brand: z.string().min(1).max(32),
  page: z.string().max(128).nullable(),
  stepName: z.string().max(64).nullable(),
  stepNumber: z.number().int().min(0).max(100).nullable(),
  paid: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
});
export type QueuedEvent = z.infer<typeof queuedEventSchema>;
