import type { Brand } from '../../../brands';
import type { Language } from '../../routes/schema';
import { tpmoDisclaimer } from '../../shared/consent';
import { consentCopy } from './copy';

/**
 * The CMS TPMO disclaimer (42 CFR 422.2267(e)(41)) with the brand's counts, and the notice that
 * the visitor's information goes to a licensed agent who will contact them. Server-rendered on
 * every Medicare page, beside the call button and the form; the version shown is on the element
 * so a test (and an auditor) can read which wording a page carried.
 */
export function TpmoNotice({
  brand,
  language,
  placement,
}: {
  brand: Brand;
  language: Language;
  placement: 'header' | 'form';
}) {
  const counts = brand.consent.medicare;
  if (!counts) return null;
  const notice = tpmoDisclaimer(counts, language);
  // One landmark per page: the header's notice is the complementary region; the copy beside the
  // form is a note within the form's region (two asides with one label fail axe's landmark-unique).
  const Element = placement === 'header' ? 'aside' : 'div';
  return (
    <Element
      className={`tpmo tpmo--${placement}`}
      data-tpmo-version={notice.version}
      role={placement === 'header' ? undefined : 'note'}
      aria-label={consentCopy(language).tpmoLabel}
    >
      <p className="tpmo__text">{notice.text}</p>
      <p className="tpmo__agent">{notice.agentNotice}</p>
    </Element>
  );
}
