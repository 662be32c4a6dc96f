import { PhoneCta } from '../components/phone-cta';
import { t } from '../i18n';
import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { Hero, Tags } from './hero';

/** Carrier review: an editorial article with the plan types reviewed and the call. */
export function ReviewTemplate({ page }: { page: PageProps }) {
  const s = t(page.language);
  return (
    <>
      <Hero page={page} />
      <article>
        <Tags items={page.config.planTypes} label="Plan types" />
        <BodyCopy paragraphs={page.config.body} />
      </article>
      <aside className="card">
        <h2>{s.callLicensedAgent}</h2>
        <PhoneCta phone={page.phone} label={s.callNow} />
      </aside>
    </>
  );
}
