import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { zValidator } from '@hono/zod-validator';
import { z } from 'zod';
import { findRoute, isServedFor } from '../../routes/registry';
import {
  groupCountParam,
  nextStepName,
  maskPhone,
  stepFields,
  stepInputNames,
  typedInvalid,
  waivableTypos,
  withoutValues,
  WITHOUT_ACTION,
  type StepDef,
} from '../../shared/forms';
import { withoutPersonalFields } from '../../shared/personal-fields';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { applyExperiment } from '../tracking/experiments';
import { acceptStep, formStep, type StepAction } from './accept-step';
import { CONSENT_RENEWED_PARAM } from './consent-given';
import { carriedSearch } from './form-page';
import { HONEYPOT_FIELD, TURNSTILE_RESPONSE_FIELD } from '../../shared/defence';
import { withEditAnswers } from '../../shared/forms/finish';
import { leasesAfterStep } from '../../shared/forms/call-ready';
import { leaseBeforeRedirect, trackFormPost } from './no-js';
import { callbackChoice, keepCallbackChoice } from '../hours/callback-form';
import { sellerChoicesFor } from '../consent/seller-consent';
import { phoneRule } from '../../shared/forms/field-rules';
import type { StepRetryProps } from '../../ui/islands/quote-form/types';

/**
 * Step submits. Mounted before the pages:
 * - POST /api/form/submit: the island's JSON (zod-validated; 400 JSON on a malformed body);
 * - POST /{page}/{step}: the same step as a plain form post, answered with a 303 to the next
 *   step (or back to this one), so the funnel works with JavaScript off.
 */
export const formSubmit = new Hono<AppEnv>();

const MAX_BODY_BYTES = 32 * 1024;
const scalar = z.union([z.string().max(2048), z.number(), z.boolean(), z.null()]);

export const submitBodySchema = z.strictObject({
  submissionId: z.uuid(),
  /** The page path without the step, e.g. /get-yours-otc. */
  page: z.string().startsWith('/').max(256),
  step: z.string().min(1).max(64),
  action: z.enum(['submit', 'skip']).default('submit'),
  values: z.record(z.string().max(64), scalar).refine((v) => Object.keys(v).length <= 200, 'too many values'),
  consentVersion: z.string().max(32).optional(),
  /** The address the visitor sees (the boot script already removed personal fields). */
  pageUrl: z.string().max(2048).optional(),
  /** The page's quote token (spec 7.7), verified when the final step writes the lead. */
  quoteToken: z.string().max(1024).optional(),
  /** The final step's Turnstile token (any string; siteverify judges it) and the honeypot field. */
  turnstileToken: z.string().max(8192).optional(),
  honeypot: z.string().max(2048).optional(),
});

function pageOf(c: Context<AppEnv>, path: string) {
  const match = findRoute(path);
  if (!match || !isServedFor(match.route, c.var.brand.id)) return undefined;
  const { config } = applyExperiment(
    { config: match.route.config, experiment: match.route.experiment },
    c.var.anonymousId,
    c.var.experimentAssignments,
  );
  return { route: match.route, config, step: match.step };
}

/** A same-origin page address with personal fields removed; anything else becomes the page path. */
function safePageUrl(c: Context<AppEnv>, claimed: string | undefined, fallbackPath: string): string {
  const origin = new URL(c.req.url).origin;
  try {
    const url = new URL(claimed ?? '', origin);
    if (url.origin === origin) return withoutPersonalFields(url).href;
  } catch {
    // fall through to the page path
  }
  return `${origin}${fallbackPath}`;
}

formSubmit.post(
  '/api/form/submit',
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'body_too_large', `Body is larger than ${MAX_BODY_BYTES} bytes`);
    },
  }),
  zValidator('json', submitBodySchema, (result) => {
    if (!result.success)
      throw new ApiError(400, 'invalid_request', 'The request does not match the schema', z.treeifyError(result.error));
  }),
  async (c) => {
    const body = c.req.valid('json');
    const page = pageOf(c, body.page);
    const found = page ? formStep(page.config, body.step) : undefined;
    if (!page || !found) throw new ApiError(400, 'unknown_step', `No form step ${body.step} on ${body.page}`);
    const outcome = await acceptStep(c, {
      route: page.route,
      config: page.config,
      form: found.form,
      step: found.step,
      submissionId: body.submissionId,
      action: { kind: body.action },
      raw: body.values,
      consentVersion: body.consentVersion ?? null,
      pageUrl: safePageUrl(c, body.pageUrl, `${body.page}/${body.step}`),
      quoteToken: body.quoteToken ?? null,
      turnstileToken: body.turnstileToken ?? null,
      honeypot: body.honeypot ?? null,
    });
    // Nothing is lost (the answers are stored) and nothing is shared: the island shows the step
    // again with the current text, to be agreed to anew.
    if (outcome.consentRenewed)
      throw new ApiError(
        400,
        'consent_changed',
        'The consent text this page showed is no longer accepted; the step shows the current text to agree to again',
        [{ path: ['consentVersion'], message: 'not the current consent version, nor inside its grace window' }],
      );
    return c.json(
      {
        next: outcome.next,
        completed: outcome.completed,
        ...(outcome.completed ? { shared: outcome.shared ?? false } : {}),
        ...(outcome.withheldBecause ? { withheldBecause: outcome.withheldBecause } : {}),
        blocked: outcome.blocked,
        missing: outcome.missing,
        unknown: outcome.unknown,
        typos: outcome.typos,
        duplicate: outcome.duplicate,
      },
      200,
      { 'cache-control': 'no-store' },
    );
  },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The button the visitor pressed (`_action`): skip, add, remove:{slot}, or a plain submit. */
function actionOf(value: unknown): StepAction {
  if (value === 'skip') return { kind: 'skip' };
  if (value === 'add') return { kind: 'add' };
  const remove = typeof value === 'string' ? /^remove:([1-9])$/.exec(value) : null;
  if (remove) return { kind: 'remove', slot: Number(remove[1]) };
  return { kind: 'submit' };
}

/**
 * "Go on without it" (src/shared/forms/typed-contact.ts): the optional contact values refused
 * are posted cleared, and the step goes on as a plain submit.
 */
function withoutRefused(step: StepDef, raw: Record<string, unknown>): Record<string, unknown> {
  const cleared = withoutValues(step, waivableTypos(step, raw));
  const { _action: _, ...rest } = raw;
  return { ...rest, ...cleared };
}

/** The step as posted, to show again in place: its own inputs (strings), the companies ticked, what may be waived. */
function retryOf(
  c: Context<AppEnv>,
  input: { product: string; step: StepDef; raw: Record<string, unknown>; missing: string[] },
): StepRetryProps {
  const { step, raw } = input;
  const names = new Set(stepInputNames(step));
  const inputs = Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] => names.has(entry[0]) && typeof entry[1] === 'string',
    ),
  );
  const sellers = step.consent ? sellerChoicesFor(c.var.brand, input.product, raw) : null;
  return {
    inputs,
    typos: waivableTypos(step, raw),
    missing: input.missing,
    ticked: (sellers ?? []).filter((s) => s.accepted).map((s) => s.id),
  };
}

/**
 * Whether sending this step has a company call the visitor: consent given to one at least
 * (Medicare: a company ticked; auto and life: the partner list) and a valid phone number posted.
 */
function companyWillCall(c: Context<AppEnv>, product: string, step: StepDef, raw: Record<string, unknown>): boolean {
  if (!step.consent) return false;
  const sellers = sellerChoicesFor(c.var.brand, product, raw);
  if (sellers && !sellers.some((s) => s.accepted)) return false;
  return stepFields(step).some((f) => {
    const typed = raw[f.name];
    return f.kind === 'tel' && typeof typed === 'string' && phoneRule(maskPhone(typed)) !== undefined;
  });
}

function stepPath(base: string, step: string, search: string): string {
  return `${base.replace(/\/+$/, '')}/${step}${search}`;
}

function withParam(search: string, name: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `?${params.toString()}`;
}

/** Form posts without JavaScript: store, then 303 (Post/Redirect/Get, so reload never reposts). */
formSubmit.post('*', async (c, next) => {
  const url = new URL(c.req.url);
  const page = pageOf(c, url.pathname);
  if (!page || !page.config.form) return next();
  const base =
    page.step === undefined ? url.pathname : url.pathname.slice(0, url.pathname.length - page.step.length - 1);
  const found = formStep(page.config, page.step);
  if (!found) return c.redirect(base || '/', 303);

  let raw: Record<string, unknown> = {};
  const declared = Number(c.req.header('content-length') ?? '0');
  const type = c.req.header('content-type') ?? '';
  if (
    declared <= MAX_BODY_BYTES &&
    (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data'))
  ) {
    try {
      const form = await c.req.parseBody();
      raw = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
    } catch {
      raw = {};
    }
  }
  const { form, step } = found;
  // "Go on without it": the refused values cleared, then a plain submit.
  if (raw._action === WITHOUT_ACTION) raw = withoutRefused(step, raw);
  const submissionId =
    typeof raw.submissionId === 'string' && UUID.test(raw.submissionId) ? raw.submissionId : crypto.randomUUID();
  const action = actionOf(raw._action);
  const slotsParam = step.group ? groupCountParam(step.group) : null;
  const postedSlots = slotsParam && typeof raw[slotsParam] === 'string' ? Number(raw[slotsParam]) : 0;
  // Honest hours: while agents are away the valid last step waits for a call-back time, asked on
  // a screen of its own (src/worker/hours/callback-form.ts); the choice is kept before the lead.
  const callback = await callbackChoice(c, {
    lastStep: nextStepName(form, step.name) === null,
    action: action.kind,
    raw,
    language: page.route.language,
    companyWillCall: companyWillCall(c, form.product, step, raw),
  });
  await keepCallbackChoice(c, form.id, callback);
  const outcome = await acceptStep(
    c,
    {
      route: page.route,
      config: page.config,
      form,
      step,
      submissionId,
      action,
      raw,
      consentVersion: typeof raw.consentVersion === 'string' ? raw.consentVersion : null,
      pageUrl: withoutPersonalFields(url).href,
      // Only a page with JavaScript holds a token; a plain form post has none and the lead records it as absent.
      quoteToken: typeof raw.quoteToken === 'string' && raw.quoteToken.length <= 1024 ? raw.quoteToken : null,
      // A page with JavaScript puts Turnstile's token in this field; a plain form post has none (`unverified`).
      turnstileToken:
        typeof raw[TURNSTILE_RESPONSE_FIELD] === 'string' ? raw[TURNSTILE_RESPONSE_FIELD].slice(0, 8192) : null,
      honeypot: typeof raw[HONEYPOT_FIELD] === 'string' ? raw[HONEYPOT_FIELD].slice(0, 2048) : null,
      holdFinal: callback.kind === 'ask',
    },
    Number.isInteger(postedSlots) ? postedSlots : 0,
  );
  // Held, its answers stored: the page answers with the call-back screen (pages.ts), 400 when a time was refused.
  if (outcome.held && callback.kind === 'ask') {
    c.set('callbackScreen', callback.screen);
    return next();
  }
  // A consent version no longer accepted: the same step again, with the current text and a line saying why.
  if (outcome.consentRenewed)
    return c.redirect(
      stepPath(base, step.name, withParam(carriedSearch(url, form), CONSENT_RENEWED_PARAM, 'changed')),
      303,
    );
  // Without JavaScript, the same facts: the step's formStepSubmitted, and on the last step a leased number (src/worker/funnel/no-js.ts).
  if (action.kind === 'submit' || action.kind === 'skip')
    trackFormPost(c, {
      route: page.route,
      config: page.config,
      form,
      step,
      action: action.kind,
      submissionId,
      raw,
      href: withoutPersonalFields(url).href,
    });
  // The finish leases the number; so does the step that completes a call's answers (Medicare:
  // zip and both questions, src/shared/forms/call-ready.ts), so the next page shows it to dial.
  if (outcome.completed || (outcome.next !== null && leasesAfterStep(form, step.name)))
    await leaseBeforeRedirect(c, { product: form.product, page: page.route.name });
  const search = carriedSearch(url, form);
  if (outcome.next) return c.redirect(stepPath(base, outcome.next, search), 303);
  if (outcome.slots !== null && slotsParam)
    return c.redirect(stepPath(base, step.name, withParam(search, slotsParam, String(outcome.slots))), 303);
  // A phone, email or date of birth typed but not valid: the same step in answer, as typed (never
  // in the address, never stored), its message in place and the companies ticked still ticked.
  if (outcome.blocked && typedInvalid(step, raw).length > 0) {
    c.set('stepRetry', retryOf(c, { product: form.product, step, raw, missing: outcome.missing }));
    return next();
  }
  if (outcome.blocked) {
    const query = withParam(search, 'missing', outcome.missing.join(','));
    const answer = outcome.unknown.length > 0 ? withParam(query, 'unknown', outcome.unknown.join(',')) : query;
    return c.redirect(stepPath(base, step.name, answer), 303);
  }
  // After the final step the same address shows the confirmation (no longer editing).
  return c.redirect(stepPath(base, step.name, outcome.completed ? withEditAnswers(search, false) : search), 303);
});
