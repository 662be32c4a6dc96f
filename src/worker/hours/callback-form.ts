/**
 * The call-back request without JavaScript. With JavaScript the island holds the valid last
 * step while agents are away and asks for a time on a screen of its own (POST /api/callback,
 * then the step). A plain form post gets the same screen from the Worker instead of the
 * finish with a call button nobody answers:
 *
 * 1. the last step posted while agents are away (the Worker's clock, the brand's closures),
 *    with no choice yet: its answers are stored and the lead is held (not recorded, not sent);
 *    the screen lists the times the picker lists (callbackTimes, labelled in the visitor's
 *    zone) and carries the step as posted in hidden fields;
 * 2. "Ask for this time" posts the step again with the time: a time in the past, too soon, too
 *    far, outside the hours or not among the times listed (tampered) shows the screen again
 *    with the message (400), nothing sent; an accepted one is stored with the answers, and the
 *    step goes on through every check of the final step, so the lead carries it;
 * 3. "Send without a call-back time" posts the step again with that choice, and the step goes on
 *    (as the island's same button does).
 * With agents answering, or with no staffed half hour within a week, the step goes on as ever.
 * Only when a company will call: a step sent with no company ticked, or without a phone number,
 * goes on without the screen (nobody would make that call).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { closedDatesOf } from '../../../brands/closures';
import type { Language } from '../../routes/schema';
import { callbackRefusal, callbackTimes } from '../../shared/phone/callback-times';
import { isWorkingHours } from '../../shared/phone/working-hours';
import { CALLBACK_CHOICE_FIELD, CALLBACK_TIME_FIELD } from '../../ui/islands/quote-form/callback-screen';
import type { CallbackScreenProps } from '../../ui/islands/quote-form/types';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { callbackLabel, refusalMessage } from './callback-api';
import { requestNow, visitorZone } from './edge-clock';

/** What the last step's post asks of the call-back request. */
export type CallbackChoice =
  /** No call-back here (agents answer, not the last step's submit, nothing to offer): the step goes on. */
  | { kind: 'none' }
  /** Hold the step and show the screen (again, with the refusal's message when a time was refused). */
  | { kind: 'ask'; screen: CallbackScreenProps }
  /** An accepted time: stored with the answers before the step goes on. */
  | { kind: 'at'; at: string }
  /** "Send without a call-back time": a time asked for earlier is forgotten, and the step goes on. */
  | { kind: 'declined' };

/** Fields of the post that are the screen's own, never held: the choice, the time, the button pressed. */
const SCREEN_FIELDS = new Set([CALLBACK_CHOICE_FIELD, CALLBACK_TIME_FIELD, '_action']);

const isoInstant = z.iso.datetime({ offset: true });

/** The step as posted, to post again from the screen (string fields only, as a form posts them). */
function heldFields(raw: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(raw).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && !SCREEN_FIELDS.has(entry[0]),
  );
}

/** What a no-JavaScript post of a form step asks of the call-back request (see the file's head). */
export async function callbackChoice(
  c: Context<AppEnv>,
  input: {
    lastStep: boolean;
    action: string;
    raw: Readonly<Record<string, unknown>>;
    language: Language;
    /** A company will call: consent to at least one, and a valid phone number in the post. */
    companyWillCall: boolean;
  },
): Promise<CallbackChoice> {
  const { raw, language } = input;
  if (!input.lastStep || input.action !== 'submit' || !input.companyWillCall) return { kind: 'none' };
  const choice = raw[CALLBACK_CHOICE_FIELD];
  // "Send without a call-back time": the step goes on, as the island's same button does.
  if (choice === 'none') return { kind: 'declined' };

  const now = requestNow(c.req.raw, c.env);
  const closed = closedDatesOf(c.var.brand.id);
  const timeZone = await visitorZone(c.req.raw, c.env);
  // The very list the picker shows (GET /api/callback/times): one function decides both.
  const offered = callbackTimes(now, closed, undefined, timeZone);
  if (offered.length === 0) return { kind: 'none' };
  const screen = (error: string | null, chosen: Date | null): CallbackChoice => ({
    kind: 'ask',
    screen: {
      times: offered.map((at) => ({ at: at.toISOString(), label: callbackLabel(language, timeZone, at) })),
      chosen: chosen && offered.some((t) => t.getTime() === chosen.getTime()) ? chosen.toISOString() : null,
      error,
      held: heldFields(raw),
    },
  });

  if (choice === 'ask') {
    const posted = isoInstant.safeParse(raw[CALLBACK_TIME_FIELD]);
    if (!posted.success) return screen(refusalMessage(language, 'not_offered'), null);
    const at = new Date(posted.data);
    // The rules first (their messages say why), then the list: only a time the screen offered.
    const refusal =
      callbackRefusal(at, now, closed, timeZone) ??
      (offered.some((t) => t.getTime() === at.getTime()) ? null : 'not_offered');
    return refusal ? screen(refusalMessage(language, refusal), at) : { kind: 'at', at: at.toISOString() };
  }
  // Agents answer: the step goes on, and the finish's call button is the honest next step.
  if (isWorkingHours(now, null, closed)) return { kind: 'none' };
  return screen(null, null);
}

/** Keeps an accepted time with the form's answers, or forgets a declined one, before the step goes on (the lead reads them). */
export async function keepCallbackChoice(c: Context<AppEnv>, form: string, choice: CallbackChoice): Promise<void> {
  if (choice.kind === 'at') await visitorStub(c.env, c.var.visitorId).requestCallback(form, choice.at);
  if (choice.kind === 'declined') await visitorStub(c.env, c.var.visitorId).forgetCallback(form);
}
