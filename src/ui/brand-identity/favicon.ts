import type { Brand } from '../../../brands';
import type { ColourTokens } from '../../../brands/identity';
import { perBrand } from './per-brand';

type Tone = Brand['logo']['mark'][number]['tone'];
const CLASS: Record<Tone, string> = { primary: 'p', onPrimary: 'o', accent: 'a' };

function fills(t: ColourTokens): string {
  return `.p{fill:${t.primary}}.o{fill:${t.onPrimary}}.a{fill:${t.accent}}`;
}

function buildFavicon(brand: Brand): string {
  const { light, dark } = brand.theme;
  const paths = brand.logo.mark.map((p) => `<path class="${CLASS[p.tone]}" d="${p.d}"/>`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><title>${brand.name.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`)}</title>` +
    `<style>${fills(light)}@media (prefers-color-scheme:dark){${fills(dark)}}</style>${paths}</svg>`
  );
}

/** The brand's mark as a standalone SVG (its favicon), in the light or dark colours the browser uses; once per isolate. */
export const faviconSvg = perBrand(buildFavicon);
