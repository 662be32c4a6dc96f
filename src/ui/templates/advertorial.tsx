import { sectionCopy } from '../../content/sections';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { BenefitsCovered } from '../sections/benefits-covered';
import { PageSections } from '../sections/page-sections';
import { FormSlot } from './form-slot';
import { Hero } from './hero';

/** Advertorial / landing: story on one side, the form on the other (stacked on phones, form first). */
export function AdvertorialTemplate({ page }: { page: PageProps }) {
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
        <FormSlot page={page} />
        <article>
          <BodyCopy paragraphs={page.config.body} />
          <BenefitsCovered
            codes={page.config.benefits}
            heading={sectionCopy(page.config.product, page.language).benefitsHeading}
            language={page.language}
          />
        </article>
      </div>
      <PageSections page={page} />
    </>
  );
}
