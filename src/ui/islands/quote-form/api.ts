/** The island's two calls: a step submit, and the phone number after the final step. */
import { clientFetch } from '../../../shared/fetch-client';
import type { Product } from '../../../../brands/schema';
import type { PhoneDisplay } from '../../page-props';
import { noteStateChanged } from '../../state-stamp';
import { isWithheldBecause, type WithheldBecause } from '../../../shared/forms/finish';

export interface SubmitRequest {
  submissionId: string;
  page: string;
  step: string;
  action: 'submit' | 'skip';
  values: Record<string, string | null>;
  consentVersion?: string;
  pageUrl: string;
  /** The page's quote token (spec 7.7); the Worker records whether it holds on the lead. */
  quoteToken?: string;
  /** The last step's Turnstile token, and the honeypot field when something filled it. */
  turnstileToken?: string;
  honeypot?: string;
}

export interface SubmitReply {
  next: string | null;
  completed: boolean;
  /** On the final step: whether the lead goes to the companies chosen (false: kept, not shared). */
  shared: boolean;
  /** Why a kept lead was kept, when the visitor can act on it (the finish says so). */
  withheldBecause?: WithheldBecause;
  blocked: boolean;
  missing: string[];
  /** Of those, ZIP codes the shipped ZIP data does not hold. */
  unknown: string[];
  /** Optional contact values typed but not valid (the Worker's src/shared/forms/typed-contact.ts). */
  typos: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readReply(data: unknown): SubmitReply | undefined {
  if (!isRecord(data)) return undefined;
  const { next, completed, blocked, missing, unknown, typos, shared, withheldBecause } = data;
  if (
    !(next === null || typeof next === 'string') ||
    typeof completed !== 'boolean' ||
    typeof blocked !== 'boolean' ||
    !Array.isArray(missing)
  )
    return undefined;
  const names = (list: unknown) =>
    Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : ([] as string[]);
  return {
    next,
    completed,
    blocked,
    missing: names(missing),
    unknown: names(unknown),
    typos: names(typos),
    shared: shared !== false,
    ...(isWithheldBecause(withheldBecause) ? { withheldBecause } : {}),
  };
}

/**
 * A step the Worker's rate limit refused (429): nothing was written; the visitor may try again
 * later. Recognised by its name, so the island's own chunk need not import this file.
 */
class SubmitLimited extends Error {
  override name = 'SubmitLimited';
  constructor() {
    super('form submit rate limited (429)');
  }
}

/**
 * The consent step was sent with a consent text the Worker no longer accepts (a deploy changed it
 * longer ago than its grace window): nothing was shared; the step is to be shown again.
 */
class ConsentChanged extends Error {
  override name = 'ConsentChanged';
  constructor() {
    super('consent version no longer accepted (400 consent_changed)');
  }
}

function isConsentChanged(data: unknown): boolean {
  return isRecord(data) && isRecord(data.error) && data.error.code === 'consent_changed';
}

/** Posts a step; the submission id doubles as idempotency key, so one retry is safe. Throws on failure. */
export async function submitStep(request: SubmitRequest): Promise<SubmitReply> {
  const response = await clientFetch('/api/form/submit', {
    method: 'POST',
    body: { ...request },
    idempotencyKey: request.submissionId,
    retryDelayMs: 400,
  });
  if (response.status === 429) throw new SubmitLimited();
  if (
    response.status === 400 &&
    isConsentChanged(
      await response
        .clone()
        .json()
        .catch(() => null),
    )
  )
    throw new ConsentChanged();
  const reply = response.ok ? readReply(await response.json().catch(() => null)) : undefined;
  if (!reply) throw new Error(`form submit failed (${response.status})`);
  // Pages the browser kept (back/forward) no longer show the stored answers.
  noteStateChanged();
  return reply;
}

function readPhone(data: unknown): PhoneDisplay | undefined {
  if (!isRecord(data) || !isRecord(data.phone)) return undefined;
  const { digits, display, href, leased } = data.phone;
  if (
    typeof digits !== 'string' ||
    typeof display !== 'string' ||
    typeof href !== 'string' ||
    typeof leased !== 'boolean'
  )
    return undefined;
  if (!href.startsWith('tel:')) return undefined;
  return { digits, display, href, leased };
}

/** The number to call after the final step (MediaAlpha lease via the Worker) and its lifetime; undefined on any failure. */
export async function leasedPhone(input: {
  product: Product;
  page: string;
  zip?: string;
}): Promise<{ phone: PhoneDisplay; expiresInMs: number | null } | undefined> {
  try {
    const response = await clientFetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      body: {
        product: input.product,
        page: input.page,
        localHour: new Date().getHours(),
        ...(input.zip ? { zip: input.zip } : {}),
      },
    });
    if (!response.ok) return undefined;
    const data: unknown = await response.json();
    const phone = readPhone(data);
    if (!phone) return undefined;
    if (phone.leased) noteStateChanged();
    // The lease ends on the page's clock after this long (then the default number shows).
    const expiresInMs =
      isRecord(data) && typeof data.expiresInMs === 'number' && Number.isFinite(data.expiresInMs)
        ? data.expiresInMs
        : null;
    return { phone, expiresInMs };
  } catch {
    return undefined;
  }
}
