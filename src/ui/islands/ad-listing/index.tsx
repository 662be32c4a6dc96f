import { useEffect, useId, useRef, useState } from 'react';
import type { Product } from '../../../../brands/schema';
import type { ListingAd } from '../../../shared/ads/listing-ad';
import { readAdsReply } from '../../../shared/ads/ads-reply';
import type { Language } from '../../../routes/schema';
import { fetchJson } from '../../../shared/fetch-json';
import { formatPhone, phoneHref } from '../../../shared/phone/format';
import { isWorkingHours } from '../../../shared/phone/working-hours';
import { callHoursHour } from '../../../shared/phone/copy-hour';
import type { CallHours } from '../../../shared/phone/call-hours';
import { useCallHours } from '../use-call-hours';
import { track } from './track';
import { AD_LISTING_COPY } from './copy';
import { CallHoursNote } from '../../components/call-hours';

/**
 * The ad listing of the clicks pages (spec section 3, second ad-response shape). The server
 * renders the offers it fetched during the page render (src/worker/listing), so the page
 * shows them without JavaScript, or "no offers right now" when there are none or the
 * partner did not answer in time; in the latter case (`retry`) the browser asks
 * POST /api/mediaalpha/ads again. Hydrated, it fires each offer's impression pixels once and
 * records adsLoaded, then adClicked and maAdClicked on a click. Offers open in a new tab
 * with rel="noopener noreferrer sponsored".
 */
export interface AdListingProps {
  product: Product;
  /** Route name, sent as the page for reporting (MediaAlpha sub_3). */
  page: string;
  language: Language;
  /** Offers fetched by the server during the render; absent means the browser loads them. */
  initialAds?: ListingAd[];
  /** The partner's request id of those offers. */
  requestId?: string | null;
  /** The server gave up waiting (timeout or failure): the browser asks again after load. */
  retry?: boolean;
  /**
   * 'finish' is the offer wall of a finished auto visitor's confirmation: offers for
   * their lead (POST /api/mediaalpha/finish-offers) and, when none, what happens next.
   */
  variant?: 'listing' | 'finish';
  /** The page's call copy as rendered: its flag says whether agents answer in the hour it is for. */
  callHours?: CallHours | null;
}

type ListingState = { status: 'loading' } | { status: 'ready'; ads: ListingAd[]; requestId: string | null };

/** Impression pixels: fire-and-forget image requests, no referrer. */
function firePixels(ads: ListingAd[]): void {
  for (const ad of ads) {
    for (const pixel of ad.pixels ?? []) {
      const img = new Image();
      img.referrerPolicy = 'no-referrer';
      img.src = pixel;
    }
  }
}

/**
 * Call offers ring an agent; outside working hours (spec section 4, Pacific time) nobody
 * answers, so only click offers are shown then (docs/decisions/0014-working-hours-what-the-flag-drives.md).
 */
export function offersToShow(ads: ListingAd[], open: boolean): ListingAd[] {
  return open ? ads : ads.filter((ad) => ad.type === 'click');
}

/**
 * Whether agents answer now. In the hour the page's call copy is for (the server's, or the main
 * script's on the visitor's clock), its flag is the answer: the flag only changes on whole UTC
 * hours. Only in another hour is it worked out here, with Intl in Pacific time; the first Intl
 * call in a page loads ICU's data, one long main-thread task of 30-50 ms of CPU on a fast host
 * (docs/decisions/0347-no-intl-when-the-form-code-loads.md).
 */
export function agentsAnswer(known: CallHours | null, now: Date, utmMedium: string | null): boolean {
  if (known && known.hour === callHoursHour(now)) return known.open;
  return isWorkingHours(now, utmMedium);
}

function adEventProps(ad: ListingAd, position: number, requestId: string | null) {
  return { ref: ad.ref, type: ad.type, position, price: ad.price ?? null, requestId };
}

export function AdListing({
  product,
  page,
  language,
  initialAds,
  requestId: initialRequestId = null,
  retry = false,
  variant = 'listing',
  callHours = null,
}: AdListingProps) {
  const copy = AD_LISTING_COPY[language];
  const finish = variant === 'finish';
  const headingId = useId();
  const [state, setState] = useState<ListingState>(
    initialAds ? { status: 'ready', ads: initialAds, requestId: initialRequestId } : { status: 'loading' },
  );
  const loaded = useRef(false);
  // The copy as it stands when the offers are announced (the fetch may outlast an hour's change).
  const shownHours = useCallHours(callHours, language);
  const hours = useRef(shownHours);
  useEffect(() => {
    hours.current = shownHours;
  }, [shownHours]);

  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    const announce = (offers: ListingAd[], requestId: string | null) => {
      const open = agentsAnswer(
        hours.current,
        new Date(),
        new URLSearchParams(window.location.search).get('utm_medium'),
      );
      const ads = offersToShow(offers, open);
      setState({ status: 'ready', ads, requestId });
      firePixels(ads);
      track('adsLoaded', { count: ads.length, requestId, product });
    };
    if (initialAds && !retry) {
      announce(initialAds, initialRequestId);
      return;
    }
    fetchJson(finish ? '/api/mediaalpha/finish-offers' : '/api/mediaalpha/ads', readAdsReply, {
      method: 'POST',
      body: { product, page, localHour: new Date().getHours() },
    })
      .then((reply) => announce(reply.ads, reply.requestId))
      .catch(() => announce([], null));
  }, [initialAds, initialRequestId, retry, page, product, finish]);

  const onAdClick = (ad: ListingAd, position: number, requestId: string | null) => {
    const props = adEventProps(ad, position, requestId);
    track('adClicked', props);
    track('maAdClicked', props);
  };

  return (
    <section className="ad-listing" aria-labelledby={headingId} aria-busy={state.status === 'loading'}>
      <h2 id={headingId} className="ad-listing__heading">
        {finish ? copy.finishHeading : copy.heading}
      </h2>
      {state.status === 'ready' && state.ads.length > 0 ? (
        <p className="ad-listing__disclosure">{copy.disclosure}</p>
      ) : null}
      {state.status === 'loading' ? (
        <p className="ad-listing__status" role="status">
          {copy.loading}
        </p>
      ) : state.ads.length === 0 ? (
        <p className="ad-listing__status" role="status">
          {finish ? copy.finishEmpty : copy.empty}
        </p>
      ) : (
        <ol className="ad-listing__list">
          {state.ads.map((ad, index) => (
            <AdItem
              key={ad.ref}
              ad={ad}
              position={index + 1}
              copy={copy}
              onClick={() => onAdClick(ad, index + 1, state.requestId)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

interface AdItemProps {
  ad: ListingAd;
  position: number;
  copy: (typeof AD_LISTING_COPY)[Language];
  onClick: () => void;
}

function AdItem({ ad, position, copy, onClick }: AdItemProps) {
  const headline = ad.headline ?? copy.sponsored;
  const callable = ad.type === 'call' && ad.phone_number !== undefined;
  return (
    <li className="ad-listing__item" data-ad-ref={ad.ref} data-position={position}>
      <img
        className="ad-listing__logo"
        src={ad.logo_url}
        alt={ad.headline ? `${copy.logo}: ${ad.headline}` : copy.logo}
        width={160}
        height={48}
        loading="lazy"
      />
      <div className="ad-listing__text">
        <p className="ad-listing__sponsored">{copy.sponsored}</p>
        <h3 className="ad-listing__headline">{headline}</h3>
        {ad.description ? <p className="ad-listing__description">{ad.description}</p> : null}
      </div>
      {callable && ad.phone_number ? (
        // Call offers are shown only while agents answer; TTY 711 beside, as every call button.
        <span className="call-cta ad-listing__call">
          <a
            className="ad-listing__action ad-listing__action--call"
            href={phoneHref(ad.phone_number)}
            onClick={onClick}
          >
            {copy.call} {formatPhone(ad.phone_number)}
          </a>
          <CallHoursNote hours={null} variant="line" />
        </span>
      ) : (
        <a
          className="ad-listing__action"
          href={ad.click_url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          onClick={onClick}
        >
          {copy.view}
        </a>
      )}
    </li>
  );
}
