import type { ReactNode } from 'react';
import type { PageProps } from './page-props';
import { PhoneCta } from './components/phone-cta';
import { CallBar } from './sections/call-bar';
import { t } from './i18n';
import { ExitIntentSlot } from './islands/exit-intent/slot';
import { consentCopy } from './consent/copy';
import { TpmoNotice } from './consent/tpmo-notice';
import { BrandLogo } from './brand-identity';
import { productCopy } from '../../brands/product-copy';
import type { TemplateId } from '../routes/schema';

/** Templates that place the TPMO notice beside their own call to action (the form or the call button). */
const TPMO_BESIDE_CTA: ReadonlySet<TemplateId> = new Set<TemplateId>([
  'advertorial',
  'listing',
  'quiz',
  'clicks',
  'review',
]);

/** Header with the brand and the call-to-action, main landmark, footer with legal links. */
export function Layout({ page, children }: { page: PageProps; children: ReactNode }) {
  const s = t(page.language);
  const year = new Date().getUTCFullYear();
  return (
    <>
      <a className="skip" href="#main">
        {s.skipToContent}
      </a>
      <header className="site-header" id="site-header" data-sticky="">
        <div className="site-header__inner">
          <div className="brand-block">
            <BrandLogo brand={page.brand} />
            {page.language === page.brand.defaultLanguage ? (
              <span className="brand-tagline">{page.brand.copy.tagline}</span>
            ) : null}
          </div>
          <PhoneCta phone={page.phone} label={s.callNow} note="short" />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <div className="wrap">
          {/* Templates with a form or a call button carry the notice beside it; the others here. */}
          {page.config.product === 'medicare' && !TPMO_BESIDE_CTA.has(page.config.template) ? (
            <TpmoNotice brand={page.brand} language={page.language} placement="page" />
          ) : null}
          {children}
        </div>
      </main>
      <CallBar phone={page.phone} label={s.callNow} name={s.callLicensedAgent} />
      <ExitIntentSlot page={page} />
      <footer className="site-footer">
        <div className="wrap">
          <nav aria-label={s.legal}>
            <a href="/privacy">{s.privacy}</a>
            <a href="/tos">{s.terms}</a>
            <a href={page.language === 'spanish' ? '/partners?lang=es' : '/partners'}>
              {consentCopy(page.language).partners}
            </a>
            <a href={page.language === 'spanish' ? '/do-not-sell?lang=es' : '/do-not-sell'}>
              {consentCopy(page.language).doNotSell}
            </a>
            <a href={page.language === 'spanish' ? '/your-data?lang=es' : '/your-data'}>
              {consentCopy(page.language).yourData}
            </a>
          </nav>
          <p className="disclaimer">
            {productCopy(page.config.product ?? page.brand.defaultProduct, page.language).disclaimer}
          </p>
          <div className="mode-switch" role="group" aria-label={s.colourMode} data-mode-switch="">
            <span>{s.colourMode}:</span>
            <button type="button" data-mode="light" aria-pressed="false">
              {s.light}
            </button>
            <button type="button" data-mode="dark" aria-pressed="false">
              {s.dark}
            </button>
            <button type="button" data-mode="system" aria-pressed="false">
              {s.system}
            </button>
          </div>
          <p>
            © {year} {page.brand.name}. {s.allRightsReserved}
          </p>
        </div>
      </footer>
    </>
  );
}

/** Body copy: plain text paragraphs; a paragraph starting with '## ' is a section heading. */
export function BodyCopy({ paragraphs }: { paragraphs: readonly string[] }) {
  return <>{paragraphs.map((p, i) => (p.startsWith('## ') ? <h2 key={i}>{p.slice(3)}</h2> : <p key={i}>{p}</p>))}</>;
}
