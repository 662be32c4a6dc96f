import { PhoneCta } from '../components/phone-cta';
import { t } from '../i18n';
import { LearnMore } from '../components/learn-more';
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
        <Tags items={page.config.planTypes} label={s.planTypes} language={page.language} />
        <BodyCopy paragraphs={page.config.body} />
        {page.config.destination ? (
          <p>
            <LearnMore href={page.config.destination} language={page.language} />
          </p>
        ) : null}
      </article>
      <aside className="card">
        <h2>{s.callLicensedAgent}</h2>
        <PhoneCta phone={page.phone} label={s.callNow} />
      </aside>
    </>
  );
}
