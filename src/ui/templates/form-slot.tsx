import { createContext, useContext } from 'react';
import { Island, IslandCollector } from '../islands/island';
import { CallHoursContext } from '../components/call-hours';
import { QuoteForm, type QuoteFormProps } from '../islands/quote-form';
import { AdListing, type AdListingProps } from '../islands/ad-listing';
import { OfferWallRenderer } from '../islands/quote-form/offer-wall';
import { FormCodeContext, type Parts } from '../islands/quote-form/parts';
import * as confirmation from '../islands/quote-form/confirmation';
import * as consent from '../islands/quote-form/consent-block';
import * as date from '../islands/quote-form/date-field';
import * as vehicle from '../islands/quote-form/vehicle-field';
import * as callback from '../islands/quote-form/callback-screen';
import { formDefinition } from '../../shared/forms/registry';
import type { PageProps } from '../page-props';
import { PhoneCta } from '../components/phone-cta';
import { t } from '../i18n';
import { TpmoNotice } from '../consent/tpmo-notice';
import type { CallHours } from '../../shared/phone/call-hours';

const renderAdListing = (props: AdListingProps) => <AdListing {...props} />;
/** The server renders in one pass: every part of the form island is at hand (the browser loads them as it goes). */
const SERVER_PARTS: Parts = { confirmation, consent, date, vehicle, callback };

/**
 * The page renders its form island apart (src/ui/render.tsx): the page's own render
 * leaves this mark where the island goes, and the island, rendered as its own root, is written
 * in its place. The page around a visitor's answers is then the same for every visitor, so a
 * shared shell can carry it and only the island is rendered per request.
 */
export const FORM_ISLAND_MARK = '<template data-form-island=""></template>';
/** True in the page's own render (the island becomes the mark); false in the island's own render. */
export const FormIslandApart = createContext(false);

function FormIslandMark() {
  // The page still loads the islands script: the island is in the page, only rendered apart.
  useContext(IslandCollector)?.add('quote-form');
  return <template data-form-island="" />;
}

/** The page's form as an island, or, for a page without a form, the call and its destination. */
export function FormSlot({ page }: { page: PageProps }) {
  const apart = useContext(FormIslandApart);
  const s = t(page.language);
  const hours = useContext(CallHoursContext);
  if (!page.config.form) {
    return (
      // card--start: as tall as its content, not stretched to the grid row's height.
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
          <TpmoNotice brand={page.brand} language={page.language} placement="cta" />
        ) : null}
      </div>
    );
  }
  const props = formIslandProps(page, hours);
  if (!props) return null;
  return (
    // One grid cell: the notice stays under the form's button on a two-column page, not in a cell of its own.
    <div className="form-slot">
      {apart ? <FormIslandMark /> : <FormIsland props={props} />}
      {page.config.product === 'medicare' ? (
        <TpmoNotice brand={page.brand} language={page.language} placement="cta" />
      ) : null}
    </div>
  );
}

/** The form island's props (null for a page without a form or funnel state). */
export function formIslandProps(page: PageProps, hours: CallHours | null): QuoteFormProps | null {
  if (!page.config.form || !page.funnel) return null;
  return {
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
}

/** The page's form island alone, as render.tsx writes it in place of the mark. */
export function PageFormIsland({ page }: { page: PageProps }) {
  const props = formIslandProps(page, useContext(CallHoursContext));
  return props ? <FormIsland props={props} /> : null;
}

/** The quote-form island with the parts and offer renderer the server gives it. */
function FormIsland({ props }: { props: QuoteFormProps }) {
  return (
    // The auto finish's offers, rendered in this pass (the browser loads them as a chunk of their own).
    <OfferWallRenderer.Provider value={renderAdListing}>
      <FormCodeContext.Provider value={{ form: formDefinition(props.formId), parts: SERVER_PARTS }}>
        <Island name="quote-form" component={QuoteForm} props={props} />
      </FormCodeContext.Provider>
    </OfferWallRenderer.Provider>
  );
}
