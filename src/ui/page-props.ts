import type { Brand } from '../../brands';
import type { FormValues } from '../shared/json';
import type { Language, PageConfig, RouteRecord } from '../routes/schema';
import type { FunnelProps } from './islands/quote-form/types';
import type { ListingAd } from '../shared/ads/listing-ad';

import type { StepInfo } from '../shared/forms/step-info';
export type { StepInfo };

/** The phone number the page shows (spec section 4: leased while unexpired, else the default). */
export type { PhoneDisplay } from '../shared/phone/lease';
import type { PhoneDisplay } from '../shared/phone/lease';

/** Everything a template needs; built by the Worker per request, serializable for islands. */
export interface PageProps {
  brand: Brand;
  route: Pick<RouteRecord, 'name' | 'path' | 'language'> & { smid?: string; xsmid?: string };
  config: PageConfig;
  language: Language;
  step: StepInfo;
  phone: PhoneDisplay;
  /** Values the visitor already gave (per form and the shared '*' bucket merged), for prefill. */
  values: FormValues;
  /** Pathname without the step segment, e.g. /get-yours-otc. */
  basePath: string;
  /** The address named no step: the visitor landed on the page itself (its page view's path is the page's). */
  landing?: boolean;
  /** The funnel state of a page with a form (src/worker/funnel/form-page.ts). */
  funnel?: FunnelProps;
  /** Experiment assignment shown on this page, if any. */
  variant?: { experiment: string; variant: string };
  /** Search engines may index the page (indexable and not staging): structured data such as FAQPage goes in. */
  indexed?: boolean;
  /** Clicks pages: the offers fetched during the render (`retry` when the server gave up). */
  listing?: { ads: ListingAd[]; requestId: string | null; retry: boolean };
}
