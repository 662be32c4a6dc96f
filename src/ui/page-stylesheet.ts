import type { Brand } from '../../brands';
import { composeBrandCss } from './brand-identity/theme-css';
import { perBrand } from './brand-identity/per-brand';
import { STYLESHEET_PARTS, type StylesheetParts } from './stylesheet-parts';

/**
 * A brand's page stylesheet from a set of parts: the shared rules, the sections' and the brand's
 * own, in that order. The pages use the minified parts; a browser test composes the readable
 * files the same way and checks that every element is styled alike.
 */
export function composePageCss(parts: StylesheetParts, brand: Brand): string {
  return parts.styles + parts.sections + composeBrandCss(parts, brand);
}

/**
 * A brand's page stylesheet, from the minified parts. The same text is inlined into a first
 * view's document and written by the client build as the brand's hashed stylesheet file
 * (scripts/build-client.mjs), which a returning browser links. Joined once per brand per isolate.
 */
export const pageCss = perBrand((brand: Brand) => composePageCss(STYLESHEET_PARTS, brand));
