import type { Brand } from '../../../brands';
import type { Language } from '../../routes/schema';
import { tpmoDisclaimer } from '../../shared/consent';
import { consentCopy } from './copy';

/**
 * The CMS TPMO disclaimer (42 CFR 422.2267(e)(41)) with the brand's counts, and the notice that
 * the visitor's information goes to a licensed agent who will contact them. Server-rendered once
 * on every Medicare page, next to the call to action it qualifies: under the form on form
 * templates, under the call button where the call is the action, at the top of the content on
 * pages with neither (docs/decisions/0142-tpmo-notice-placement.md). The version shown is on the
 * element so a test (and an auditor) can read which wording a page carried.
 */
export function TpmoNotice({
  brand,
  language,
  placement,
}: {
  brand: Brand;
  language: Language;
  /** `cta`: beside a form or call button; `page`: at the top of a page without either. */
  placement: 'cta' | 'page';
}) {
  const counts = brand.consent.medicare;
  if (!counts) return null;
  const notice = tpmoDisclaimer(counts, language);
  // A note, not a landmark: it always sits inside the main landmark, and a complementary region
  // nested in another fails axe's landmark-complementary-is-top-level.
  return (
    <div
      className={`tpmo tpmo--${placement}`}
      data-tpmo-version={notice.version}
      role="note"
      aria-label={consentCopy(language).tpmoLabel}
    >
      <p className="tpmo__text">{notice.text}</p>
      <p className="tpmo__agent">{notice.agentNotice}</p>
      {/* Shown instead of the agent notice, by the stylesheet, while the form beside it is a
          finish whose request went to no company: that finish says no one will call, and the
          notice's "will contact you" would contradict it (docs/decisions/0331). The disclaimer
          above stays in view on every Medicare page, the finish too. */}
      <p className="tpmo__agent-kept">{consentCopy(language).tpmoAgentKept}</p>
    </div>
  );
}
