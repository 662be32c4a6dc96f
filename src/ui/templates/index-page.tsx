import { sectionCopy } from '../../content/sections';
import { mainFunnels } from '../../routes/main-funnels';
import type { PageLink } from '../../routes/home-guides';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { PageSections } from '../sections/page-sections';
import { ZipStart } from '../sections/zip-start';
import { Hero } from './hero';

export type { PageLink };

/** The brand's home: what the brand helps with, the call, and its main pages. */
export function IndexTemplate({ page, links }: { page: PageProps; links: readonly PageLink[] }) {
  const heading = page.language === 'spanish' ? 'Guías populares' : 'Popular guides';
  // The hero promises a ZIP check: the field starts the brand's main funnel.
  const [funnel] = mainFunnels(page.brand, page.language);
  return (
    <>
      <Hero page={page}>
        {funnel ? <ZipStart funnel={funnel} copy={sectionCopy(funnel.product, page.language).zipStart} /> : null}
      </Hero>
      <BodyCopy paragraphs={page.config.body} />
      <PageSections page={page} />
      <section aria-labelledby="guides">
        <h2 id="guides">{heading}</h2>
        <ul className="guides">
          {links.map((link) => (
            <li key={link.path}>
              <a href={link.path}>{link.title}</a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
