/**
 * The brand's favicon, drawn from its record (brands/identity.ts): one address for every brand,
 * the host picks the brand. Registered before the visitor middleware: an icon sets no cookie
 * and reads no visitor state. Built and hashed once per brand per isolate.
 */
import { Hono } from 'hono';
import { FAVICON_PATH, faviconSvg, perBrand } from '../ui/brand-identity';
import type { AppEnv } from './env';
import { toHex } from '../shared/hex';

async function digest(svg: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(svg));
  return `"${toHex(hash, 12)}"`;
}

const etagOf = perBrand((brand) => digest(faviconSvg(brand)));

export const brandAssets = new Hono<AppEnv>();

brandAssets.get(FAVICON_PATH, async (c) => {
  const etag = await etagOf(c.var.brand);
  const headers = {
    // A day fresh, a week served stale while it revalidates: a new deploy's colours arrive within a day.
    'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
    etag,
    // The icon may be opened as a document: nothing in it may run or load.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(faviconSvg(c.var.brand), 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
});
