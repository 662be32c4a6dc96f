import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { FormSlot } from './form-slot';
import { Hero } from './hero';

export interface PageLink {
  path: string;
  title: string;
}

/** The brand's home: what the brand helps with, the call, and its main pages. */
export function IndexTemplate({ page, links }: { page: PageProps; links: readonly PageLink[] }) {
  const heading = page.language === 'spanish' ? 'Guías populares' : 'Popular guides';
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
        <FormSlot page={page} />
        <section aria-labelledby="guides">
          <BodyCopy paragraphs={page.config.body} />
          <h2 id="guides">{heading}</h2>
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.title}</a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
