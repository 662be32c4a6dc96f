import type { BrandLayout } from '../../brands/identity';
import parts from '../../public/build/stylesheet-parts.json';

/**
 * The pages' CSS files (src/ui/stylesheet-sources.json names them), as the client build
 * (scripts/build-client.mjs) minified them with esbuild: the same rules without the comments and
 * the indentation, 4 KB less of every first view's gzip (docs/decisions/0352). The files stay
 * the readable source; pages inline and link these texts.
 */
export type StylesheetParts = Record<'styles' | 'sections' | 'brand' | BrandLayout, string>;

export const STYLESHEET_PARTS: StylesheetParts = parts;
