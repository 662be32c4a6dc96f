/**
 * A brand's identity as data: its logo, its theme tokens for light and dark
 * mode, its layout and its own words. The UI turns these into the header, the favicon and the
 * CSS custom properties (src/ui/brand-identity/); nothing about a brand's look lives in code.
 */
import { z } from 'zod';

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'a #rrggbb colour');

/**
 * The three layouts: each sets its own header, hero arrangement, type faces and weights
 * (src/ui/brand-identity/layouts/*.css). "editorial": page-coloured header with a rule, serif
 * headings, left-aligned hero with an accent bar, large type scale. "bold": a header band in the
 * brand colour, heavy sans headings, the hero on a panel. "calm": a soft tinted header, rounded
 * humanist headings, a centred hero, generous radius.
 */
export const LAYOUTS = ['editorial', 'bold', 'calm'] as const;
export type BrandLayout = (typeof LAYOUTS)[number];

/** One colour mode's tokens. Every pair in TEXT_PAIRS must reach WCAG AA (brands/theme.unit.test.ts). */
const colourTokens = z
  .object({
    /** Buttons, the bold header band, the progress bar. */
    primary: hexColour,
    /** Text and icons on primary. */
    onPrimary: hexColour,
    /** Highlights: the hero bar, badges. */
    accent: hexColour,
    /** Text on accent. */
    onAccent: hexColour,
    /** Page background. */
    surface: hexColour,
    /** Cards, the calm header, the bold hero panel. */
    surfaceAlt: hexColour,
    /** Body text. */
    text: hexColour,
    /** Secondary text: hints, the footer. */
    muted: hexColour,
    /** Links and the wordmark on a surface. */
    link: hexColour,
  })
  .strict();
export type ColourTokens = z.infer<typeof colourTokens>;
export type ColourToken = keyof ColourTokens;

/** Every foreground/background pair the CSS uses for text, in both modes. */
export const TEXT_PAIRS: readonly (readonly [foreground: ColourToken, background: ColourToken])[] = [
  ['onPrimary', 'primary'],
  ['onAccent', 'accent'],
  ['text', 'surface'],
  ['text', 'surfaceAlt'],
  ['muted', 'surface'],
  ['muted', 'surfaceAlt'],
  ['link', 'surface'],
  ['link', 'surfaceAlt'],
];

export const themeSchema = z
  .object({
    light: colourTokens,
    dark: colourTokens,
    /** Corner radius of cards, buttons and fields, in px. */
    radius: z.number().int().min(0).max(24),
    /** Body size in rem (at least 1.0625: an audience largely over 65) and the ratio between heading levels. */
    typeScale: z.object({ base: z.number().min(1.0625).max(1.25), ratio: z.number().min(1.125).max(1.414) }).strict(),
  })
  .strict();
export type BrandTheme = z.infer<typeof themeSchema>;

/** SVG path data only: no elements, attributes or scripts can hide in it. */
const pathData = z.string().regex(/^[MmLlHhVvCcSsQqTtAaZz0-9 .,-]+$/, 'SVG path data');

export const logoSchema = z
  .object({
    /** The mark in a 32x32 box: filled paths, each in a theme colour (the favicon is the mark alone). */
    mark: z
      .array(z.object({ d: pathData, tone: z.enum(['primary', 'onPrimary', 'accent']) }).strict())
      .min(1)
      .max(6),
    /** How the brand name is set beside the mark. */
    wordmark: z
      .object({
        weight: z.union([z.literal(500), z.literal(600), z.literal(700), z.literal(800)]),
        case: z.enum(['none', 'uppercase', 'lowercase']),
        /** Letter spacing in em. */
        tracking: z.number().min(-0.04).max(0.12),
      })
      .strict(),
  })
  .strict();
export type BrandLogo = z.infer<typeof logoSchema>;

/** The brand's own words, in its default language; the rest of a product's copy is brands/product-copy.ts. */
export const brandCopySchema = z
  .object({
    /** One line under the wordmark on wide screens. */
    tagline: z.string().min(8).max(70),
    home: z
      .object({
        title: z.string().min(8).max(60),
        description: z.string().min(50).max(170),
        headline: z.string().min(8).max(80),
        subheadline: z.string().min(8).max(140),
      })
      .strict(),
  })
  .strict();
export type BrandCopy = z.infer<typeof brandCopySchema>;
