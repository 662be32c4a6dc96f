import { t } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';

/** Terms and privacy: long-form text, no islands, so no React is shipped. */
export function LegalTemplate({ page }: { page: PageProps }) {
  return (
    // The legal text is written in English only; on a Spanish page it is marked as English and says so.
    <article className="legal" lang={page.language === 'english' ? undefined : 'en'}>
      {page.language === 'english' ? null : <p lang="es">{t(page.language).englishOnly}</p>}
      <h1>{page.config.headline}</h1>
      {page.config.subheadline ? <p className="sub">{page.config.subheadline}</p> : null}
      <BodyCopy paragraphs={page.config.body} />
    </article>
  );
}
