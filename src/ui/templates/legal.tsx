import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';

/** Terms and privacy: long-form text, no islands, so no React is shipped. */
export function LegalTemplate({ page }: { page: PageProps }) {
  return (
    <article className="legal">
      <h1>{page.config.headline}</h1>
      {page.config.subheadline ? <p className="sub">{page.config.subheadline}</p> : null}
      <BodyCopy paragraphs={page.config.body} />
    </article>
  );
}
