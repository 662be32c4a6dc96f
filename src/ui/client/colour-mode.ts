import { COLOR_MODE_KEY } from '../boot-script';

type Preference = 'light' | 'dark' | 'system';

function isPreference(v: string | null): v is Preference {
  return v === 'light' || v === 'dark' || v === 'system';
}

/**
 * Colour mode (spec section 4): 'system' follows the browser's dark-scheme setting and its
 * live changes; the choice is saved in local storage; a page that forces a mode ignores the
 * preference until the next navigation. The boot script already applied it before paint.
 */
export function startColourMode(): void {
  const root = document.documentElement;
  const forced = root.getAttribute('data-force-color-mode');
  if (forced === 'system')
    console.warn('colour mode: forcing "system" is discouraged; the page follows the browser setting.');
  const media = matchMedia('(prefers-color-scheme: dark)');
  const readPreference = (): Preference => {
    if (isPreference(forced)) return forced;
    try {
      const stored = localStorage.getItem(COLOR_MODE_KEY);
      return isPreference(stored) ? stored : 'system';
    } catch {
      return 'system';
    }
  };
  const apply = (pref: Preference) => {
    const value = pref === 'system' ? (media.matches ? 'dark' : 'light') : pref;
    root.setAttribute('data-color-mode', value);
    root.setAttribute('data-color-preference', pref);
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-mode-switch] [data-mode]')) {
      b.setAttribute('aria-pressed', String(b.dataset.mode === pref));
      if (forced) b.disabled = true;
    }
  };
  apply(readPreference());
  media.addEventListener('change', () => apply(readPreference()));
  document.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element
        ? event.target.closest<HTMLButtonElement>('[data-mode-switch] [data-mode]')
        : null;
    const mode = button?.dataset.mode ?? null;
    if (!button || forced || !isPreference(mode)) return;
    try {
      localStorage.setItem(COLOR_MODE_KEY, mode);
    } catch {
      // Storage blocked: the choice still applies to this page.
    }
    apply(mode);
  });
}
