import { useContext } from 'react';
import { CallHoursContext } from '../components/call-hours';
import { PhoneCta } from '../components/phone-cta';
import { Island } from '../islands/island';
import { AdListing } from '../islands/ad-listing';
import { t } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { PageSections } from '../sections/page-sections';
import { Hero } from './hero';
import { TpmoNotice } from '../consent/tpmo-notice';

/** Ad listing (the clicks pages): partner offers from the marketplace first, then the call. */
export function ClicksTemplate({ page }: { page: PageProps }) {
  const s = t(page.language);
  const callHours = useContext(CallHoursContext);
  return (
    <>
      <Hero page={page} />
      {/* Offers first: the wall, then the call (a phone also has the call bar in thumb reach). */}
      <section aria-label={s.seeOffers} id="offers">
        <Island
          name="ad-listing"
          component={AdListing}
          props={{
            product: page.config.product,
            page: page.route.name,
            language: page.language,
            callHours,
            ...(page.listing
              ? { initialAds: page.listing.ads, requestId: page.listing.requestId, retry: page.listing.retry }
              : {}),
          }}
        />
        <PhoneCta phone={page.phone} label={s.callNow} />
        {page.config.product === 'medicare' ? (
          <TpmoNotice brand={page.brand} language={page.language} placement="cta" />
        ) : null}
      </section>
      <BodyCopy paragraphs={page.config.body} />
      <PageSections page={page} carriers={false} />
    </>
  );
}
