/**
 * Brand identity in the page: the theme tokens and layout rules as CSS, the
 * logo in the header and the favicon, all from the brand record (brands/identity.ts) and built
 * once per brand per isolate.
 */
export { brandCss } from './theme-css';
export { faviconSvg } from './favicon';
export { BrandLogo } from './logo';
export { perBrand } from './per-brand';

/** Where every brand serves its favicon (src/worker/brand-assets.ts): one address, the host picks the brand. */
export const FAVICON_PATH = '/favicon.svg';
