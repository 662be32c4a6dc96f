/**
 * Call-back requests, for when agents are away (src/shared/phone/callback-times.ts):
 * - GET /api/callback/times?lang=english|spanish: the next staffed half hours, labelled in the
 *   visitor's time zone and language;
 * - POST /api/callback {form, at}: a time in the past, too soon, too far or outside the hours
 *   (the brand's closures included) is refused with 400 and a message saying why; an accepted
 *   one is stored with the form's answers (the visitor's Durable Object), so the lead carries it.
 * A browser write: the write guard (same origin) and the API rate limits apply as for every /api/*.
 */
import { Hono } from 'hono';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { closedDatesOf } from '../../../brands/closures';
import { formIdSchema, type Language } from '../../routes/schema';
import { callbackRefusal, callbackTimes, type CallbackRefusal } from '../../shared/phone/callback-times';
import { isWorkingHours } from '../../shared/phone/working-hours';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { visitorStub } from '../visitor';
import { requestNow, visitorZone } from './edge-clock';

const languageSchema = z.enum(['english', 'spanish']);
const callbackBody = z.object({
  form: formIdSchema,
  at: z.iso.datetime({ offset: true }),
  language: languageSchema.optional(),
});

/** Why a time is refused; `not_offered`: not one of the times the no-JavaScript screen listed (./callback-form.ts). */
type Refusal = CallbackRefusal | 'not_offered';

const REFUSALS: Record<Language, Record<Refusal, string>> = {
  english: {
    past: 'That time has already passed. Please choose a time from the list.',
    too_soon: 'That time is too soon for an agent to call. Please choose a later time.',
    too_far: 'Please choose a time within the next seven days.',
    outside_hours: 'Our licensed agents are not working at that time. Please choose a time from the list.',
    visitor_night: 'That time is too early or too late where you are. Please choose a time from the list.',
    not_offered: 'Please choose a time from the list.',
  },
  spanish: {
    past: 'Esa hora ya pasó. Elija una hora de la lista.',
    too_soon: 'Es demasiado pronto para que un agente llame. Elija una hora más tarde.',
    too_far: 'Elija una hora dentro de los próximos siete días.',
    outside_hours: 'Nuestros agentes con licencia no trabajan a esa hora. Elija una hora de la lista.',
    visitor_night: 'Esa hora es demasiado temprano o demasiado tarde donde usted está. Elija una hora de la lista.',
    not_offered: 'Elija una hora de la lista.',
  },
};

/** The message a refused time is answered with, in the page's language. */
export function refusalMessage(language: Language, refusal: Refusal): string {
  return REFUSALS[language][refusal];
}

/**
 * "Fri, Nov 27, 8:00 AM ET" in the visitor's zone and the page's language (short: it fits a
 * phone's select). Spanish names the zone in words ("hora oriental"), as the page's hours do:
 * "ET" is an English abbreviation a Spanish reader is not given anywhere else.
 */
export function callbackLabel(language: Language, timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(language === 'spanish' ? 'es-US' : 'en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: language === 'spanish' ? 'longGeneric' : 'shortGeneric',
  }).format(at);
}

function invalid(result: { success: true } | { success: false; error: z.core.$ZodError }): void {
  if (!result.success)
    throw new ApiError(400, 'invalid_request', 'The request does not match the schema', z.treeifyError(result.error));
}

export const callbackApi = new Hono<AppEnv>();

callbackApi.get(
  '/callback/times',
  zValidator('query', z.object({ lang: languageSchema.optional() }), invalid),
  async (c) => {
    const language = c.req.valid('query').lang ?? 'english';
    const now = requestNow(c.req.raw, c.env);
    const closed = closedDatesOf(c.var.brand.id);
    const timeZone = await visitorZone(c.req.raw, c.env);
    return c.json({
      open: isWorkingHours(now, null, closed),
      timeZone,
      times: callbackTimes(now, closed, undefined, timeZone).map((at) => ({
        at: at.toISOString(),
        label: callbackLabel(language, timeZone, at),
      })),
    });
  },
);

callbackApi.post('/callback', zValidator('json', callbackBody, invalid), async (c) => {
  const { form, at: text, language = 'english' } = c.req.valid('json');
  const at = new Date(text);
  const timeZone = await visitorZone(c.req.raw, c.env);
  const refusal = callbackRefusal(at, requestNow(c.req.raw, c.env), closedDatesOf(c.var.brand.id), timeZone);
  if (refusal) {
    const message = refusalMessage(language, refusal);
    throw new ApiError(400, 'callback_time_refused', message, [{ path: ['at'], code: refusal, message }]);
  }
  const callbackAt = at.toISOString();
  await visitorStub(c.env, c.var.visitorId).requestCallback(form, callbackAt);
  return c.json({ callbackAt, label: callbackLabel(language, timeZone, at) });
});

// "Send without a call-back time": a time asked for earlier is forgotten before the lead is sent.
callbackApi.delete('/callback', zValidator('json', z.object({ form: formIdSchema }), invalid), async (c) => {
  await visitorStub(c.env, c.var.visitorId).forgetCallback(c.req.valid('json').form);
  return c.json({ callbackAt: null });
});
