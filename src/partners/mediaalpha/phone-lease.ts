import { z } from 'zod';
import { productSchema, type Product } from '../../../brands';
import { parseLeadValues } from '../../shared/lead';
import { defaultLease, isLeaseActive, phoneLeaseSchema, type PhoneLease } from '../../shared/phone/lease';
import { resolveZip } from '../geo';
import { logPartnerFailure } from '../partner-fetch';
import { hasPlacement, type CallContext } from './call-context';
import type { MediaAlphaClient } from './client';
import { getPhoneRequest, PHONE_LEASE_SECONDS } from './get-phone';
import { mapAutoLead, mapMedicareLead } from './mapping';
import { leasedDigits } from './schemas';

/**
 * The phone lease, kept by the visitor's Durable Object (spec sections 3, 4 and 7.2). A
 * stored lease is reused until it expires. Otherwise one partner call is made, and every
 * get-phone arriving while it runs (two tabs, a retry, a burst) awaits that same promise:
 * the Durable Object runs one instance per visitor, so an in-memory promise is enough.
 * With no placement (thirty zeros) no call is made and the brand's default number is stored
 * for a day. A slow, failing or garbled partner yields the default number without storing
 * it, so the next page asks again; the client's timeout bounds the wait.
 */
export interface GetPhoneArgs {
  product: Product;
  /** The brand's default number (digits with country prefix). */
  defaultPhone: string;
  context: CallContext;
  /** The zip the page resolved (form value or zip_code address parameter), if any. */
  zip: string | null;
  /** Postal code of the ip lookup: the last zip fallback. */
  geoPostalCode: string | null;
  /**
   * False when no partner call may be made (MediaAlpha's circuit breaker is open here, or the
   * visitor's lead was judged `bot`): a stored lease is still shown, else the default number.
   */
  mayCall?: boolean;
}

export type PhoneLeaseSource = 'stored' | 'partner' | 'default' | 'fallback' | 'withheld' | 'unavailable' | 'limited';

export interface PhoneLeaseResult {
  /** The lease to show; null means "show the default number" (partner failed or had no buyer). */
  lease: PhoneLease | null;
  source: PhoneLeaseSource;
  /** When a partner call was made: whether the partner answered (true even with no buyer) or failed. */
  partnerOk?: boolean;
}

export interface PhoneLeaseStore {
  readLease(): unknown;
  writeLease(lease: OwnedPhoneLease): void;
  /** The visitor's shared form values (the '*' bucket). */
  readValues(): Record<string, unknown>;
  /** Medicare per-seller consent: the names of the entities the visitor accepted, or null when not per seller. */
  readSellerNames?(): string[] | null;
}

export const PHONE_LEASE_KEY = 'phone-lease';

/**
 * A lease belongs to the product and placement it was leased for. A stored
 * lease of another product or placement (a Medicare number, then an auto page) is never shown
 * or reused: that page gets its own lease. Leases stored before carried no owner: none match.
 */
export const leaseOwnerSchema = z.object({ product: productSchema, placementId: z.string() });
export type LeaseOwner = z.infer<typeof leaseOwnerSchema>;
/** `sellers`: the companies the call was routed to (`consented_sellers`), when it named any. */
export type OwnedPhoneLease = PhoneLease & LeaseOwner & { sellers?: string[] };

const leaseSellersSchema = z.object({ sellers: z.array(z.string()) });

/**
 * Whether a live lease still routes the call as the visitor chose. A number leased before the
 * consent step (the caller's number comes as soon as the call is routable) named no company; once
 * the visitor ticks companies, the call must reach them (`consented_sellers`), so that lease is
 * not reused: the finish leases again with the companies named. Nothing ticked, or the same
 * companies, keeps the number on screen.
 */
function routesAsChosen(stored: unknown, sellers: readonly string[] | null): boolean {
  if (!sellers || sellers.length === 0) return true;
  const named = leaseSellersSchema.safeParse(stored);
  if (!named.success) return false;
  return named.data.sellers.length === sellers.length && named.data.sellers.every((name, i) => name === sellers[i]);
}

/** The stored lease when it belongs to `owner`, else null. */
export function ownedLease(stored: unknown, owner: LeaseOwner): PhoneLease | null {
  const lease = phoneLeaseSchema.safeParse(stored);
  const tag = leaseOwnerSchema.safeParse(stored);
  if (!lease.success || !tag.success) return null;
  return tag.data.product === owner.product && tag.data.placementId === owner.placementId ? lease.data : null;
}

/** The MediaAlpha `data` for the visitor's stored lead, with the zip fallbacks of spec 7.2. */
export function mappedLeadData(
  product: Product,
  values: Record<string, unknown>,
  zip: string | null,
  geoPostalCode: string | null,
) {
  if (product === 'auto') {
    const lead = parseLeadValues('auto', values);
    return mapAutoLead(lead, resolveZip(zip, lead.zipcode, geoPostalCode));
  }
  // Life leads carry the same zip and name fields; MediaAlpha reads them like Medicare's.
  const lead = parseLeadValues(product, values);
  return mapMedicareLead(lead, resolveZip(zip, lead.zipcode, geoPostalCode));
}

export class PhoneLeaseKeeper {
  private inFlight: { owner: string; call: Promise<PhoneLeaseResult> } | null = null;

  constructor(
    private readonly store: PhoneLeaseStore,
    private readonly client: () => MediaAlphaClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get(args: GetPhoneArgs): Promise<PhoneLeaseResult> {
    // Synchronous up to the in-flight check: no await may sit between reading and joining.
    const owner = { product: args.product, placementId: args.context.placementId };
    const raw = this.store.readLease();
    const stored = ownedLease(raw, owner);
    const sellers = this.store.readSellerNames?.() ?? null;
    const live = stored && isLeaseActive(stored, this.now()) ? stored : null;
    if (live && routesAsChosen(raw, sellers)) return Promise.resolve({ lease: live, source: 'stored' });
    const ownerKey = `${owner.product}|${owner.placementId}|${(sellers ?? []).join(',')}`;
    if (this.inFlight && this.inFlight.owner === ownerKey) return this.inFlight.call;
    // A live number leased before the companies were ticked still rings: it stays on screen when
    // no new call may be made or the new one fails, rather than the brand's unattributed default.
    if (args.mayCall === false)
      return Promise.resolve(live ? { lease: live, source: 'stored' } : { lease: null, source: 'unavailable' });
    const leased = this.lease(args, sellers);
    const withLive = live
      ? leased.then((result): PhoneLeaseResult => (result.lease ? result : { ...result, lease: live }))
      : leased;
    const call = withLive.finally(() => {
      if (this.inFlight?.call === call) this.inFlight = null;
    });
    this.inFlight = { owner: ownerKey, call };
    return call;
  }

  private async lease(args: GetPhoneArgs, sellers: string[] | null): Promise<PhoneLeaseResult> {
    if (!hasPlacement(args.context.placementId)) {
      const lease = defaultLease(args.defaultPhone, this.now());
      this.store.writeLease({ ...lease, product: args.product, placementId: args.context.placementId });
      return { lease, source: 'default' };
    }
    try {
      const data = {
        ...mappedLeadData(args.product, this.store.readValues(), args.zip, args.geoPostalCode),
        ...(sellers ? { consented_sellers: sellers } : {}),
      };
      const reply = await this.client().getPhone(getPhoneRequest(args.context, data));
      if (reply.status !== 'SUCCESS') return { lease: null, source: 'fallback', partnerOk: true };
      const seconds = Math.min(reply.lease_time, PHONE_LEASE_SECONDS);
      const lease = {
        value: leasedDigits(reply.phone_number),
        expirationDate: new Date(this.now().getTime() + seconds * 1000).toISOString(),
      };
      this.store.writeLease({
        ...lease,
        product: args.product,
        placementId: args.context.placementId,
        ...(sellers?.length ? { sellers } : {}),
      });
      return { lease, source: 'partner', partnerOk: true };
    } catch (error) {
      logPartnerFailure('mediaalpha.get-phone', error);
      return { lease: null, source: 'fallback', partnerOk: false };
    }
  }
}
