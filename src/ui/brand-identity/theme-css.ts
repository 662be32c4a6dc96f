import type { Brand } from '../../../brands';
import type { BrandLayout, ColourTokens } from '../../../brands/identity';
import { STYLESHEET_PARTS, type StylesheetParts } from '../stylesheet-parts';
import { perBrand } from './per-brand';

/** Token name to the custom property the stylesheets read (src/ui/styles.css predates the tokens). */
const PROPERTY: Record<keyof ColourTokens, string> = {
  primary: '--brand',
  onPrimary: '--brand-text',
  accent: '--accent',
  onAccent: '--accent-text',
  surface: '--bg',
  surfaceAlt: '--card',
  text: '--fg',
  muted: '--muted',
  link: '--link',
};

function colours(tokens: ColourTokens): string {
  return (Object.keys(PROPERTY) as (keyof ColourTokens)[]).map((k) => `${PROPERTY[k]}:${tokens[k]}`).join(';');
}

const rem = (n: number) => `${Number(n.toFixed(3))}rem`;

/**
 * The brand's custom properties and its layout's rules, as CSS placed after the shared
 * stylesheet. `html:root` outranks the shared `:root` and `[data-color-mode]` defaults, so the
 * order of the two never matters for the tokens. The rules come from `parts` (brand.css and the
 * layout's file: minified for pages, src/ui/stylesheet-parts.ts).
 */
export function composeBrandCss(parts: Pick<StylesheetParts, 'brand' | BrandLayout>, brand: Brand): string {
  const { light, dark, radius, typeScale } = brand.theme;
  const { base, ratio } = typeScale;
  const { weight, case: textCase, tracking } = brand.logo.wordmark;
  const scale = [
    `--radius:${radius}px`,
    `--fs-base:${rem(base)}`,
    `--fs-h3:${rem(base * ratio ** 0.75)}`,
    `--fs-h2:${rem(base * ratio ** 1.5)}`,
    // Phones get a smaller h1 so the first question stays in the first screen.
    `--fs-h1:clamp(${rem(base * ratio ** 2 * 0.85)},calc(${rem(base * ratio ** 2 * 0.85)} + 1.5vw),${rem(base * ratio ** 3)})`,
    `--wm-weight:${weight}`,
    `--wm-case:${textCase}`,
    `--wm-tracking:${tracking}em`,
  ].join(';');
  return (
    `html:root{${colours(light)};${scale}}` +
    `html:root[data-color-mode='dark']{${colours(dark)}}` +
    parts.brand +
    parts[brand.layout]
  );
}

/** Built once per brand per isolate: pages add no per-request work for it. */
export const brandCss = perBrand((brand: Brand) => composeBrandCss(STYLESHEET_PARTS, brand));
