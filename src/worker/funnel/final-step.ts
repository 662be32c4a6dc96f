/**
 * The final step of a form, as the product's rules read, top to bottom. Each call is a named
 * check or effect in its own file; nothing here decides on its own.
 *
 *  1. limits        the lead-creation limit (429, nothing written)
 *  2. quote token   the token the page renewed, bound to this visitor and ip
 *  3. consent       what the visitor agreed to: submit or Skip, the text shown (current, or the one
 *                   before inside its grace window; a stale one is asked again before this step), the companies ticked
 *  4. rules         complete, or partial with its reasons
 *  5. record        the lead row (one per visitor, form and phone in 24 h), with contact fingerprints
 *  6. trust         this submission's verdict (the rule table: defence/thresholds.ts), merged with
 *                   the lead's earlier ones (the worst wins); its Turnstile token backs this lead only
 *  7. same person   an earlier delivered lead of this phone or email and product: a duplicate
 *  8. opt-outs      GPC, the opt-out cookie, a do-not-sell request for this contact or visitor
 *  9. decision      who receives the lead, or every reason it is withheld (kept for the operator)
 * 10. first lead    a lead to be delivered claims its person's first lead of the product, atomically
 * 11. record        the decision on the row; a lead already delivered stays delivered, flagged for review
 * 12. sharing       what the visitor's later partner calls may carry (nothing personal unless delivered)
 * 13. certificate   signed only for consent given on a complete lead
 * 14. delivery      queued to each recipient, judged again when sent
 */
import type { Context } from 'hono';
import { stepAsked } from '../../shared/forms/engine';
import type { FormValues } from '../../shared/json';
import type { AppEnv } from '../env';
import { requestIp } from '../api/partner-context';
import { contactFingerprint, leadContact } from '../consent/contact-hash';
import { doNotSellRequested } from '../consent/do-not-sell';
import { certifyFinalStep } from '../consent/lead-consent';
import { optedOut } from '../consent/opt-out';
import { verdictDeliverable } from '../defence/delivery-policy';
import { assessLead, enforceLeadLimit, recordLeadTrust, type LeadTrustInput } from '../defence/lead-trust';
import { deliverLead } from '../lead-delivery';
import { recordMetric } from '../operations/metrics';
import { sessionFromCookie } from '../tracking/session';
import { visitorStub } from '../visitor';
import type { StepSubmit } from './step-submit';
import { consentGiven } from './consent-given';
import { decideDelivery, recipientsFor } from './delivery-decision';
import { checkLeadQuoteToken } from './lead-quote-token';
import { leadRules, type LeadStatus } from './lead-rules';
import { recordLead } from './leads';
import { recordDecision } from './record-decision';
import { claimFirstDelivery, earlierLeadOfPerson, type PersonLead } from './same-person';
import type { WithheldBecause } from '../../shared/forms/finish';
import { withheldBecauseOf } from './withheld-because';

export interface FinalStepOutcome {
  leadId: string;
  status: LeadStatus;
  /** True when the lead goes to the companies the visitor chose; false when it is kept, not shared. */
  shared: boolean;
  /** Why a kept lead was kept, when the visitor can act on it (the finish says so). */
  withheldBecause?: WithheldBecause;
}

export async function acceptFinalStep(
  c: Context<AppEnv>,
  submit: StepSubmit,
  values: FormValues,
): Promise<FinalStepOutcome> {
  const { form, step, route } = submit;
  const brand = c.var.brand;
  const visitor = visitorStub(c.env, c.var.visitorId);

  await enforceLeadLimit(c);
  const quoteToken = await checkLeadQuoteToken(c.env.QUOTE_TOKEN_SECRET, submit.quoteToken, {
    visitorId: c.var.anonymousId,
    ip: requestIp(c),
  });
  const consent = consentGiven(c, {
    form,
    step,
    action: submit.action.kind === 'skip' ? 'skip' : 'submit',
    postedVersion: submit.consentVersion,
    raw: submit.raw,
    language: route.language,
  });
  const rules = await leadRules(c, { form, values, consentGaps: consent.gaps, quoteTokenValid: quoteToken.valid });

  const contact = leadContact(values);
  const secret = c.env.LEAD_HASH_SALT ?? '';
  const [phoneFingerprint, emailFingerprint] = await Promise.all([
    contactFingerprint(secret, 'phone', contact.phone),
    contactFingerprint(secret, 'email', contact.email),
  ]);
  const session = sessionFromCookie(c);
  const lead = await recordLead(c.env.DB, {
    brand: { id: brand.id, name: brand.name },
    page: route.name,
    form: form.id,
    product: form.product,
    smid: route.smid[brand.id] ?? null,
    xsmid: route.xsmid[brand.id] ?? null,
    sessionId: session?.id ?? null,
    paid: session ? session.paid : null,
    visitorId: c.var.anonymousId,
    submissionId: submit.submissionId,
    values,
    consentVersion: consent.version,
    language: route.language,
    ip: c.req.header('cf-connecting-ip')?.trim() || null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    pageUrl: submit.pageUrl,
    quoteToken,
    status: rules.status,
    partialReasons: rules.reasons,
    consentAction: step.consent ? consent.action : null,
    adSharing: consent.adSharing,
    fingerprints: { phone: phoneFingerprint, email: emailFingerprint },
  });

  const trustInput: LeadTrustInput = {
    form: form.id,
    product: form.product,
    page: route.name,
    // The steps these answers were asked: a step passed over (the insurer of someone not insured)
    // is no transition, and counting it would make a real person's pace look faster than it was.
    stepCount: form.steps.filter((step) => stepAsked(step, values)).length,
    values,
    submissionId: submit.submissionId,
    leadVisitorId: c.var.anonymousId,
    contactFingerprint: phoneFingerprint ?? emailFingerprint,
    quoteTokenCheck: quoteToken.check,
    turnstileToken: submit.turnstileToken ?? null,
    honeypot: submit.honeypot ?? null,
  };
  const trust = await recordLeadTrust(c, trustInput, await assessLead(c, trustInput), lead.id);

  const person: PersonLead = { id: lead.id, product: form.product, phoneFingerprint, emailFingerprint };
  const duplicateOf = rules.complete ? await earlierLeadOfPerson(c.env, person) : null;
  if (optedOut(c)) await visitor.recordOptOut('gpc');
  const isOptedOut =
    optedOut(c) ||
    (await visitor.isOptedOut().catch(() => true)) ||
    (await doNotSellRequested(c.env, contact, c.var.anonymousId));

  const decision = await claimFirstDelivery(
    c.env,
    person,
    decideDelivery({
      complete: rules.complete,
      deliverableVerdict: verdictDeliverable(c.env, trust.verdict, trust.reasons),
      duplicateOf,
      optedOut: isOptedOut,
      recipients: recipientsFor(brand, form.product, consent.sellers),
    }),
  );
  // A partial resubmission never replaces a complete lead (leads.ts): the stored status stands then.
  const status: LeadStatus = decision.duplicateOf !== null ? 'duplicate' : rules.complete ? 'complete' : lead.status;
  recordMetric(
    c.env,
    'lead',
    `${form.product} ${status} ${trust.verdict} ${decision.deliver ? 'delivered' : 'withheld'}`,
  );
  await recordDecision(c.env.DB, lead.id, {
    visitorObject: c.env.VISITOR.idFromName(c.var.visitorId).toString(),
    status,
    decision,
    sellers: consent.sellers,
    optedOut: isOptedOut,
  });

  if (consent.sellers) await visitor.recordSellerChoices(form.id, consent.sellers);
  await visitor.shareUnder(
    decision.deliver && consent.version
      ? { form: form.id, version: consent.version, at: new Date().toISOString() }
      : null,
  );

  if (rules.complete)
    await certifyFinalStep(c, {
      form,
      step,
      submissionId: submit.submissionId,
      language: route.language,
      sellers: consent.sellers,
      trust,
      status,
      recipients: decision.recipients.map((r) => ({ id: r.id, name: r.name })),
      fullTextOpened: consent.fullTextOpened,
      page: route.name,
      raw: submit.raw,
      consentVersion: consent.version,
      adSharing: consent.adSharing,
    });

  if (decision.deliver)
    deliverLead(c, {
      id: lead.id,
      product: form.product,
      visitorId: c.var.anonymousId,
      form: form.id,
      submissionId: submit.submissionId,
      recipients: decision.recipients,
    });
  const withheldBecause = withheldBecauseOf(decision, trust.reasons);
  await visitor.completeForm(form.id, decision.deliver, withheldBecause);
  return { leadId: lead.id, status, shared: decision.deliver, ...(withheldBecause ? { withheldBecause } : {}) };
}
