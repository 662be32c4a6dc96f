import { useContext } from 'react';
import { Island } from '../islands/island';
import { CallHoursContext } from '../components/call-hours';
import { QuoteForm, type QuoteFormProps } from '../islands/quote-form';
import { AdListing, type AdListingProps } from '../islands/ad-listing';
import { OfferWallRenderer } from '../islands/quote-form/offer-wall';
import { FormCodeContext, type Parts } from '../islands/quote-form/parts';
import * as confirmation from '../islands/quote-form/confirmation';
import * as consent from '../islands/quote-form/consent-block';
import * as date from '../islands/quote-form/date-field';
import * as vehicle from '../islands/quote-form/vehicle-field';
import { formDefinition } from '../../shared/forms/registry';
import type { PageProps } from '../page-props';
import { PhoneCta } from '../components/phone-cta';
import { t } from '../i18n';
import { TpmoNotice } from '../consent/tpmo-notice';

const renderAdListing = (props: AdListingProps) => <AdListing {...props} />;
/** The server renders in one pass: every part of the form island is at hand (the browser loads them as it goes). */
const SERVER_PARTS: Parts = { confirmation, consent, date, vehicle };

/** The page's form as an island, or, for a page without a form, the call and its destination. */
export function FormSlot({ page }: { page: PageProps }) {
  const s = t(page.language);
  const hours = useContext(CallHoursContext);
  if (!page.config.form) {
    return (
      // card--start: as tall as its content, not stretched to the grid row's height (issue 15).
      <div className="card card--start">
        <h2>{s.callLicensedAgent}</h2>
        <p>
          <PhoneCta phone={page.phone} label={s.callNow} />
        </p>
        {page.config.destination ? (
          <p>
            <a className="btn btn--ghost" href={page.config.destination}>
              {s.seeOffers}
            </a>
          </p>
        ) : null}
        {page.config.product === 'medicare' ? (
          <TpmoNotice brand={page.brand} language={page.language} placement="form" />
        ) : null}
      </div>
    );
  }
  if (!page.funnel) return null;
  const props: QuoteFormProps = {
    formId: page.config.form,
    language: page.language,
    step: page.step,
    values: page.values,
    basePath: page.basePath,
    phone: page.phone,
    brandName: page.brand.name,
    pageName: page.route.name,
    funnel: page.funnel,
    callHours: hours,
  };
  return (
    <>
      {/* The auto finish's offers, rendered in this pass (the browser loads them as a chunk of their own). */}
      <OfferWallRenderer.Provider value={renderAdListing}>
        <FormCodeContext.Provider value={{ form: formDefinition(props.formId), parts: SERVER_PARTS }}>
          <Island name="quote-form" component={QuoteForm} props={props} />
        </FormCodeContext.Provider>
      </OfferWallRenderer.Provider>
      {page.config.product === 'medicare' ? (
        <TpmoNotice brand={page.brand} language={page.language} placement="form" />
      ) : null}
    </>
  );
}
