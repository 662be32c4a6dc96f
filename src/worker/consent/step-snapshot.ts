/**
 * The consent step's snapshot in the page's render (src/worker/pages.ts): whether the page is a
 * consent step, the key its snapshot is shared under, and the hash the served form carries in a
 * hidden field (ConsentBlock), which the final step posts back (page-evidence.ts checks it).
 * The snapshot leaves that one field out: a page cannot hold the hash of itself.
 */
import type { Context } from 'hono';
import { CURRENT_CONSENT_VERSIONS } from '../../shared/consent';
import { findStep, type FormDef } from '../../shared/forms';
import { formDefinition } from '../../shared/forms/registry';
import type { FormValues } from '../../shared/json';
import type { FunnelProps } from '../../ui/islands/quote-form/types';
import type { AppEnv } from '../env';
import { ROUND_TRIP_PARAMS } from '../funnel/form-page';
import { placeholderOf, placeholderRetry, placeholderValues, servedSnapshot, typedAnswers } from './page-snapshot';
import { optedOut } from './opt-out';
import { shellVariant } from './page-variant';

export { placeholderRetry, placeholderValues };

/** Render the page as the snapshot: answers as field names, per-request values as slots. */
export const SNAPSHOT_RENDER = Symbol('snapshot render');
/** The snapshot render, the hash a served consent step carries, or nothing. */
export type ConsentStepRender = typeof SNAPSHOT_RENDER | string | null;

/** The place line's city and state as field names in a snapshot (they come from the visitor's ZIP code). */
export function placeholderPlace(place: FunnelProps['place']): FunnelProps['place'] {
  return place ? { city: placeholderOf('city'), stateCode: placeholderOf('state') } : place;
}

/** The funnel props with the snapshot's hash on the consent (a served step), unchanged otherwise. */
export function withSnapshotHash(funnel: FunnelProps, evidence: ConsentStepRender): FunnelProps {
  if (typeof evidence !== 'string' || !funnel.consent) return funnel;
  return { ...funnel, consent: { ...funnel.consent, snapshot: evidence } };
}

export interface SnapshotPage {
  brand: { id: string };
  route: { name: string };
  step: string | undefined;
  stepInfo: { name: string; fallback: boolean };
  config: { form: FormDef['id'] | null };
  assignment: { variantId: string } | null | undefined;
  basePath: string;
  hours: { line: string };
  phone: { phone: { leased: boolean } };
  state: { values: FormValues };
  shownPlace: unknown;
  url: URL;
  finished: boolean;
  callbackScreen?: unknown;
  language: string;
  /** A step shown again as posted: what it says differs, and what was posted is the visitor's. */
  stepRetry?: { inputs: Record<string, string>; typos: string[]; missing: string[]; ticked: string[] } | undefined;
}

/**
 * The hash of the snapshot of this consent step as served, stored once; null on any other page
 * (no form, not the consent step, the confirmation, the call-back screen) or when it could not be kept.
 */
export async function consentStepSnapshot(
  c: Context<AppEnv>,
  page: SnapshotPage,
  render: () => Promise<string | Uint8Array>,
): Promise<string | null> {
  if (!page.config.form || page.finished || page.callbackScreen) return null;
  const form = formDefinition(page.config.form);
  const step = findStep(form, page.stepInfo.name);
  if (!step?.consent) return null;
  // Everything the shared shell's key holds, and what the form island shows of the visitor.
  const key = [
    page.brand.id,
    page.route.name,
    page.stepInfo.name,
    page.stepInfo.fallback,
    page.step === undefined ? 'landing' : 'step',
    page.assignment?.variantId ?? '',
    page.basePath,
    page.language,
    shellVariant(optedOut(c)),
    page.hours.line,
    page.phone.phone.leased ? 'leased' : 'default',
    Object.keys(page.state.values).sort().join(','),
    page.shownPlace ? 'place' : '',
    ...ROUND_TRIP_PARAMS.map((p) => page.url.searchParams.get(p) ?? ''),
    page.stepRetry
      ? [
          'retry',
          page.stepRetry.typos,
          page.stepRetry.missing,
          page.stepRetry.ticked,
          Object.keys(page.stepRetry.inputs),
        ]
          .map(String)
          .join(';')
      : '',
  ].join('|');
  const consentVersion = CURRENT_CONSENT_VERSIONS[form.product];
  return servedSnapshot(
    c.env,
    (promise) => c.executionCtx.waitUntil(promise),
    key,
    { brand: page.brand.id, page: page.route.name, step: step.name, consentVersion },
    typedAnswers(form, { ...page.state.values, ...page.stepRetry?.inputs }),
    async () => {
      const html = await render();
      return typeof html === 'string' ? html : new TextDecoder().decode(html);
    },
  );
}
