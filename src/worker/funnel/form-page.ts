/**
 * The funnel part of a page render: the query to carry between steps, visible driver and
 * vehicle slots, what a blocked no-JavaScript submit lacked, the consent disclosure and the
 * choice lists the form needs. Built on the server so the first paint is the real form.
 */
import { adSharingLabel, currentConsent } from '../../shared/consent';
import { CONSENT_RENEWED_PARAM } from './consent-given';
import { CURRENT_INSURERS } from '../../shared/lead';
import { vehicleIndexPath, vehicleIndexSchema, type VehicleIndex } from '../../shared/lead/vehicle-data';
import {
  consentStep,
  findStep,
  formDefinition,
  groupCount,
  groupCountParam,
  stepFields,
  type FormDef,
  type GroupDef,
} from '../../shared/forms';
import type { FormValues } from '../../shared/json';
import { withoutPersonalFields } from '../../shared/personal-fields';
import type { WithheldBecause } from '../../shared/forms/finish';
import type { FormId, Language } from '../../routes/schema';
import type { CallbackScreenProps, FunnelProps, StepRetryProps } from '../../ui/islands/quote-form/types';
import { turnstileScriptUrl } from '../../partners/turnstile';
import { turnstileAction } from '../defence/turnstile-check';
import { callbackLabel } from '../hours/callback-api';

/** Parameters of the funnel's own round trips, never carried to the next step. */
/** Parameters the no-JS form sends back to itself (missing answers, slot counts, a consent asked again). */
export const ROUND_TRIP_PARAMS = ['missing', 'unknown', 'drivers', 'vehicles', 'consent'];

/** The query to carry to the next step: personal fields and round-trip parameters removed (or none). */
export function carriedSearch(url: URL, form: FormDef): string {
  // An address without a query (most page views) carries none, without copying the address.
  if (!form.keepQuery || url.search === '') return '';
  const clean = withoutPersonalFields(url);
  for (const name of ROUND_TRIP_PARAMS) clean.searchParams.delete(name);
  return clean.search;
}

let vehicleIndex: Promise<VehicleIndex | null> | undefined;

/** The vehicle data set's index, read once per isolate from the static assets. */
function loadVehicleIndex(env: Env): Promise<VehicleIndex | null> {
  vehicleIndex ??= env.ASSETS.fetch(new Request(`https://assets.local${vehicleIndexPath()}`))
    .then(async (res) => (res.ok ? vehicleIndexSchema.parse(await res.json()) : null))
    .catch(() => null)
    .then((index) => {
      if (!index) vehicleIndex = undefined;
      return index;
    });
  return vehicleIndex;
}

function formAsks(form: FormDef, test: (kind: string, options: unknown) => boolean): boolean {
  return form.steps.some((s) => stepFields(s).some((f) => test(f.kind, f.options)));
}

/**
 * What a form's fields ask that its props must carry (the vehicle data, the insurers list), kept
 * per form in this isolate: the forms are fixed, and a page of a visitor with answers builds its
 * props on every view.
 */
const formNeeds = new WeakMap<FormDef, { vehicle: boolean; insurers: boolean }>();

function needsOf(form: FormDef): { vehicle: boolean; insurers: boolean } {
  let needs = formNeeds.get(form);
  if (!needs) {
    needs = {
      vehicle: formAsks(form, (kind) => kind.startsWith('vehicle-')),
      insurers: formAsks(form, (_, options) => options === 'insurers'),
    };
    formNeeds.set(form, needs);
  }
  return needs;
}

/**
 * The consent disclosure a form shows, per language, brand name and product, kept in this isolate:
 * its text is fixed for a version, and the version is the product's current one (a new version is
 * a new deploy). Bounded by the brands, their languages and the products.
 */
const disclosures = new Map<string, ReturnType<typeof currentConsent>>();

function disclosureOf(language: Language, brandName: string, product: FormDef['product']) {
  const key = `${language}|${product}|${brandName}`;
  let disclosure = disclosures.get(key);
  if (!disclosure) {
    disclosure = currentConsent(language, brandName, product);
    disclosures.set(key, disclosure);
  }
  return disclosure;
}

function slotsFor(group: GroupDef | undefined, values: FormValues, url: URL): number {
  if (!group) return 1;
  return groupCount(values, group, Number(url.searchParams.get(groupCountParam(group)) ?? 0));
}

export async function funnelProps(
  env: Env,
  input: {
    formId: FormId;
    stepName: string;
    values: FormValues;
    completed: boolean;
    /** Whether the finished visitor's details went to the companies they chose (absent: yes). */
    shared?: boolean;
    /** Why the finished lead was kept, when the visitor can act on it. */
    withheldBecause?: WithheldBecause;
    url: URL;
    language: Language;
    brandName: string;
    sellers?: readonly { id: string; name: string }[] | null;
    /** Without JavaScript, agents away: the call-back screen in the form's place. */
    callbackScreen?: CallbackScreenProps | undefined;
    /** Without JavaScript, a step refused for a typed contact value: shown again as posted. */
    retry?: StepRetryProps;
    /** The visitor's zone and the render's now, for the finish's call-back time. */
    timeZone?: string;
    now?: Date;
  },
): Promise<FunnelProps> {
  const form = formDefinition(input.formId);
  const step = findStep(form, input.stepName);
  // Required answers, and a date the product's ages refuse (asked, but optional).
  const required = new Set([
    ...(step?.required ?? []),
    ...(step ? stepFields(step).filter((f) => f.ages) : []).map((f) => f.name),
  ]);
  const missing = (input.retry?.missing ?? (input.url.searchParams.get('missing') ?? '').split(',')).filter((name) =>
    required.has(name),
  );
  const unknown = (input.url.searchParams.get('unknown') ?? '').split(',').filter((name) => missing.includes(name));
  const consent = consentStep(form) ? disclosureOf(input.language, input.brandName, form.product) : null;
  const needs = needsOf(form);
  const callbackAt = input.completed ? upcomingCallback(input) : null;
  return {
    search: carriedSearch(input.url, form),
    submissionId: crypto.randomUUID(),
    slots: {
      driver: slotsFor(step?.group?.prefix === 'driver' ? step.group : undefined, input.values, input.url),
      vehicle: slotsFor(step?.group?.prefix === 'vehicle' ? step.group : undefined, input.values, input.url),
    },
    missing,
    unknown,
    completed: input.completed,
    ...(input.completed && input.shared === false ? { shared: false } : {}),
    ...(input.completed && input.shared === false && input.withheldBecause
      ? { withheldBecause: input.withheldBecause }
      : {}),
    ...(callbackAt ? { callbackAt } : {}),
    ...(input.callbackScreen ? { callbackScreen: input.callbackScreen } : {}),
    ...(input.retry ? { retry: input.retry } : {}),
    consent: consent
      ? {
          version: consent.version,
          text: consent.text,
          action: consent.action,
          ...(consent.link ? { link: consent.link } : {}),
          // Medicare lists each entity with its own unticked checkbox.
          ...(form.product === 'medicare' && input.sellers?.length
            ? { sellers: input.sellers.map((s) => ({ id: s.id, name: s.name })) }
            : {}),
          // A step shown again as posted keeps the companies the visitor ticked.
          ...(input.retry?.ticked.length ? { ticked: input.retry.ticked } : {}),
          // Ad sharing is the visitor's own choice, one unticked box (Medicare: not yet, see 0276).
          ...(form.product !== 'medicare'
            ? { adSharing: { label: adSharingLabel(form.product, input.language, input.brandName) } }
            : {}),
          // The step's earlier version was no longer accepted (consent-given.ts): say why it is asked again.
          ...(input.url.searchParams.get(CONSENT_RENEWED_PARAM) === 'changed' ? { renewed: true } : {}),
        }
      : null,
    insurers: needs.insurers ? [...CURRENT_INSURERS] : null,
    vehicles: needs.vehicle ? await loadVehicleIndex(env) : null,
    // The widget is loaded by the island on the last step only.
    turnstile: env.TURNSTILE_SITE_KEY
      ? { siteKey: env.TURNSTILE_SITE_KEY, scriptUrl: turnstileScriptUrl(env), action: turnstileAction(form.id) }
      : null,
  };
}

/** The finished lead's call-back time, labelled in the visitor's zone, while it is still ahead. */
function upcomingCallback(input: {
  values: FormValues;
  language: Language;
  timeZone?: string;
  now?: Date;
}): FunnelProps['callbackAt'] {
  const at = input.values.callbackAt;
  if (typeof at !== 'string' || !input.timeZone || !input.now) return null;
  const when = new Date(at);
  if (!(when.getTime() > input.now.getTime())) return null;
  return { at: when.toISOString(), label: callbackLabel(input.language, input.timeZone, when) };
}
