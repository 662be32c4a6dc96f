import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';

/** Terms and privacy: long-form text, no islands, so no React is shipped. */
export function LegalTemplate({ page }: { page: PageProps }) {
  return (
    // The text is written in the page's language (Spanish for the Spanish brand: decision 0141).
    <article className="legal">
      <h1>{page.config.headline}</h1>
      {page.config.subheadline ? <p className="sub">{page.config.subheadline}</p> : null}
      <BodyCopy paragraphs={page.config.body} />
    </article>
  );
}
