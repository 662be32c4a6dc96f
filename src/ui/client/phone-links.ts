import { readPhoneSeed, showPhoneHere, startPhoneSource } from '../phone-source';
import { currentPhone, onPhoneChange } from '../phone-state';
import { LIVE_ISLAND } from '../islands/registry';
import { pageContextJson } from './tracker/page-context';

/**
 * The call buttons the server rendered outside the islands (header, form
 * slot, listings, reviews) follow the page's one number source (src/ui/phone-source.ts).
 * Islands render their own buttons from the same source (a dormant island's are painted here), and show a new lease through it
 * (window.quoteShowPhone, src/ui/phone-state.ts).
 */
export function startPhoneLinks(doc: Document = document): void {
  window.quoteShowPhone = showPhoneHere;
  const seed = readPhoneSeed(pageContextJson(doc).phone ?? null);
  if (!seed) return;
  startPhoneSource(seed);
  const paint = () => {
    const phone = currentPhone(seed.phone);
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-phone]')) {
      if (link.closest(LIVE_ISLAND)) continue;
      if (link.getAttribute('data-phone') === phone.digits) continue;
      link.href = phone.href;
      link.setAttribute('data-phone', phone.digits);
      const number = link.querySelector('.cta-phone__number');
      if (number) number.textContent = phone.display;
    }
  };
  onPhoneChange(paint);
  paint();
}
