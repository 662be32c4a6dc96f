import { LearnMore } from '../components/learn-more';
import { termLabel } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { PageSections } from '../sections/page-sections';
import { FormSlot } from './form-slot';
import { Hero } from './hero';

/** Comparison / listing: the form to get matched (in a phone's first screen), then what is compared, as cards. */
export function ListingTemplate({ page }: { page: PageProps }) {
  const items = page.config.planTypes.length > 0 ? page.config.planTypes : page.config.benefits;
  const heading = page.language === 'spanish' ? 'Opciones para comparar' : 'Options to compare';
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
        <FormSlot page={page} />
        <section aria-labelledby="compare-heading">
          <h2 id="compare-heading">{heading}</h2>
          <ul className="listing">
            {items.map((item) => (
              <li key={item} className="card">
                <strong>{termLabel(item, page.language)}</strong>{' '}
                {page.config.form ? <LearnMore href="#quote" language={page.language} about={item} /> : null}
              </li>
            ))}
          </ul>
          <BodyCopy paragraphs={page.config.body} />
        </section>
      </div>
      <PageSections page={page} />
    </>
  );
}
