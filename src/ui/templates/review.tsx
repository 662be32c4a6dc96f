import { PhoneCta } from '../components/phone-cta';
import { t } from '../i18n';
import { LearnMore } from '../components/learn-more';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { carrierOfReview, CARRIERS } from '../../content/carriers';
import { sectionCopy } from '../../content/sections';
import { mainFunnelOf } from '../../routes/main-funnels';
import { isServedFor, pathShape, routeByName } from '../../routes/registry';
import { CarrierFacts, ReviewedCarriers } from '../sections/carrier-facts';
import { PageSections } from '../sections/page-sections';
import { ZipStart } from '../sections/zip-start';
import { Hero } from './hero';
import { TpmoNotice } from '../consent/tpmo-notice';

/** Review pages of the carriers this brand serves, by route name. */
function reviewPaths(brandId: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const carrier of CARRIERS) {
    const route = carrier.review ? routeByName(carrier.review) : undefined;
    if (route && isServedFor(route, brandId)) paths.set(route.name, pathShape(route.path).base);
  }
  return paths;
}

/**
 * Carrier review: what the carrier offers (plan types, where, what to compare) from data, the
 * editorial copy, and a ZIP field that starts the product's funnel to compare it with other
 * carriers; the reviews index lists the carriers reviewed. No ratings: nothing here is invented.
 */
export function ReviewTemplate({ page }: { page: PageProps }) {
  const s = t(page.language);
  const carrier = carrierOfReview(page.route.name);
  const funnel = mainFunnelOf(page.brand, page.language, page.config.product);
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
        <article>
          {carrier ? (
            <CarrierFacts carrier={carrier} language={page.language} />
          ) : (
            <ReviewedCarriers language={page.language} paths={reviewPaths(page.brand.id)} />
          )}
          <BodyCopy paragraphs={page.config.body} />
          {page.config.destination ? (
            <p>
              <LearnMore
                href={page.config.destination}
                language={page.language}
                about={carrier?.name ?? page.brand.name}
                spelled
              />
            </p>
          ) : null}
        </article>
        <aside className="card card--start">
          {funnel ? (
            <ZipStart funnel={funnel} copy={sectionCopy(funnel.product, page.language).zipStart} />
          ) : (
            <h2>{s.callLicensedAgent}</h2>
          )}
          <PhoneCta phone={page.phone} label={s.callNow} />
          {page.config.product === 'medicare' ? (
            <TpmoNotice brand={page.brand} language={page.language} placement="cta" />
          ) : null}
        </aside>
      </div>
      <PageSections page={page} carriers={false} />
    </>
  );
}
