import type { FormId, Language } from '../../../routes/schema';
import type { FormValues } from '../../../shared/json';
import type { PhoneDisplay } from '../../../shared/phone/lease';
import type { StepInfo } from '../../../shared/forms/step-info';
import type { ConsentProps } from './consent-block';
import type { CallHours } from '../../../shared/phone/call-hours';
import type { ListingAd } from '../../../shared/ads/listing-ad';
import type { WithheldBecause } from '../../../shared/forms/finish';

/** What the Worker adds for a page with a form (src/worker/funnel/form-page.ts). */
export interface FunnelProps {
  /** The address query to carry from step to step ('?…' or ''), personal fields removed. */
  search: string;
  /** Minted per render: a reposted no-JavaScript form stores once. */
  submissionId: string;
  /** Visible driver and vehicle slots. */
  slots: { driver: number; vehicle: number };
  /** Required fields the last submit lacked (no-JavaScript round trip). */
  missing: string[];
  /** Of those, ZIP codes the shipped ZIP data does not hold. */
  unknown: string[];
  /** The visitor already completed this form. */
  completed: boolean;
  /** False when the finished lead was kept, not shared with any company (Skip, none ticked, withheld). */
  shared?: boolean;
  /** Why the finished lead was kept, when the visitor can act on it (their opt-out; no check without JavaScript). */
  withheldBecause?: WithheldBecause;
  /** The disclosure shown on the step that collects the phone number. */
  consent: ConsentProps | null;
  /** The current-insurer choices when the form asks for them. */
  insurers: readonly string[] | null;
  /** Model years and makes of the vehicle data set when the form asks for a vehicle. */
  vehicles: { years: readonly number[]; makes: readonly string[] } | null;
  /** The final step's quote token for a post without JavaScript (a hidden field). */
  formToken?: string | null;
  /** The Turnstile widget of the last step (site key and script); null when not configured. */
  turnstile?: { siteKey: string; scriptUrl: string; action?: string } | null;
  /** The stored location of the visitor's zip, shown on the steps after the zip. */
  place?: { city: string; stateCode: string } | null;
  /** A finished auto visitor's offers, fetched by the server (`retry`: the browser asks again). */
  offers?: { ads: ListingAd[]; requestId: string | null; retry: boolean } | null;
  /**
   * Without JavaScript, while agents are away: the call-back screen the Worker shows in answer
   * to the valid last step, which it holds (src/worker/hours/callback-form.ts).
   */
  callbackScreen?: CallbackScreenProps;
  /** The finished lead's call-back time, labelled in the visitor's zone (the finish names it). */
  callbackAt?: { at: string; label: string } | null;
  /** Without JavaScript, a step refused for a typed contact value: shown again as posted. */
  retry?: StepRetryProps;
}

/**
 * A step posted without JavaScript and refused because a phone, email or date of birth typed
 * is not valid (src/shared/forms/typed-contact.ts): the Worker answers with the same step, the
 * inputs as typed (never stored, never in the address), the companies ticked, and the fields
 * the visitor may go on without.
 */
export interface StepRetryProps {
  /** The step's inputs as posted (its own input names only). */
  inputs: Record<string, string>;
  /** Optional contact fields refused: the step offers to go on without them. */
  typos: string[];
  /** Required answers missing or not valid in that post (a required phone typed wrong among them). */
  missing: string[];
  /** The ids of the companies ticked on the consent step. */
  ticked: string[];
}

/** The no-JavaScript call-back screen: the times offered, the post it holds, and why a time was refused. */
export interface CallbackScreenProps {
  /** The next staffed half hours (ISO instants), labelled in the visitor's zone and language. */
  times: { at: string; label: string }[];
  /** The time to show selected (the one posted, when it is still offered). */
  chosen: string | null;
  /** The refusal's message, or null. */
  error: string | null;
  /** The last step as posted (name, value), posted again with the visitor's choice. */
  held: [string, string][];
}

export interface QuoteFormProps {
  formId: FormId;
  language: Language;
  step: StepInfo;
  values: FormValues;
  /** Page path without the step segment; steps post to `${basePath}/${step}`. */
  basePath: string;
  phone: PhoneDisplay;
  brandName: string;
  /** Route name (for the phone call after the final step). */
  pageName: string;
  funnel: FunnelProps;
  /** The call copy the page was rendered with (the island re-reads the visitor's clock). */
  callHours?: CallHours | null;
}
