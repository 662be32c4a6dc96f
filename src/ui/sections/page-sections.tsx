import { carriersFor } from '../../content/carriers';
import { sectionCopy } from '../../content/sections';
import type { PageProps } from '../page-props';
import { CarrierNames } from './carriers';
import { FaqSection } from './faq';
import { HowItWorks } from './how-it-works';
import { TrustRow } from './trust-row';

/**
 * The sections below a page's own content, for its product and language:
 * how it works, what to expect (trust row), the carriers the visitor may hear about, and the
 * FAQ (with FAQPage JSON-LD only where search engines may index the page).
 */
export function PageSections({ page, carriers = true }: { page: PageProps; carriers?: boolean }) {
  const copy = sectionCopy(page.config.product, page.language);
  return (
    <div className="page-sections">
      <HowItWorks copy={copy.howItWorks} />
      <TrustRow copy={copy.trust} privacyHref="/privacy" />
      {carriers ? <CarrierNames carriers={carriersFor(page.brand, page.config.product)} copy={copy.carriers} /> : null}
      <FaqSection heading={copy.faqHeading} items={copy.faq} structured={page.indexed === true} />
    </div>
  );
}
