import { t } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { FormSlot } from './form-slot';
import { Hero, Tags } from './hero';

/** Advertorial / landing: story on one side, the form on the other (stacked on phones, form first). */
export function AdvertorialTemplate({ page }: { page: PageProps }) {
  return (
    <>
      <Hero page={page} />
      <div className="grid grid--2">
        <FormSlot page={page} />
        <article>
          <Tags items={page.config.benefits} label={t(page.language).benefits} language={page.language} />
          <BodyCopy paragraphs={page.config.body} />
        </article>
      </div>
    </>
  );
}
