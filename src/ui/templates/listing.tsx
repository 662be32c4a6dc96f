import { LearnMore } from '../components/learn-more';
import { termLabel } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { FormSlot } from './form-slot';
import { Hero } from './hero';

/** Comparison / listing: what is being compared, as cards, then the form to get matched. */
export function ListingTemplate({ page }: { page: PageProps }) {
  const items = page.config.planTypes.length > 0 ? page.config.planTypes : page.config.benefits;
  const heading = page.language === 'spanish' ? 'Opciones para comparar' : 'Options to compare';
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
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
        <FormSlot page={page} />
      </div>
    </>
  );
}
