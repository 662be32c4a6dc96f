/**
 * The floor with the visitor's read: a returning visitor with stored answers or a
 * lease must have their Durable Object read (the issue: "where it must read, overlap the read"),
 * so beside the floor that only replays the page's bytes, the constant Worker can first make
 * the same read the product's page makes: the visitor's VisitorDO (the product's class, found
 * from the visitor-key cookie the bench sends, not verified), `getFunnelStateText` with the page's
 * form and lease owner. Against it a visitor with answers shows what the Worker itself adds to
 * the read it must make; against the plain floor, what the read costs on this Miniflare.
 */
import { BRANDS, NO_PLACEMENT, productForBrandId } from '../brands';
import { localizedConfig } from '../src/routes/brand-language';
import { findRoute } from '../src/routes/registry';

/** The header that asks the constant Worker for the read: the JSON arguments of getFunnelStateText. */
export const FLOOR_READ_HEADER = 'x-floor-read';

/** The arguments the product's page `brand` `path` passes to getFunnelStateText (no address prefill). */
export function floorReadArgs(brandId: string, path: string): string {
  const brand = BRANDS.find((b) => b.id === brandId);
  const match = findRoute(path);
  if (!brand || !match) throw new Error(`no page ${brandId} ${path}`);
  const config = localizedConfig(match.route, brand);
  const product = config.product ?? productForBrandId(brand.id);
  // The lease owner as src/partners/mediaalpha/call-context.ts's placementFor names it.
  const placementId = brand.mediaalpha.placementIds[product] ?? NO_PLACEMENT;
  return JSON.stringify([config.form, null, { product, placementId }]);
}

/** Each request of the floor with the read: the next visitor's cookies and the page's arguments. */
export function floorReadRequests(
  brandId: string,
  path: string,
  visitors: () => { headers: Record<string, string> },
): () => { headers: Record<string, string> } {
  const args = floorReadArgs(brandId, path);
  return () => ({ headers: { ...visitors().headers, [FLOOR_READ_HEADER]: args } });
}

/** The constant Worker's read, as module source: the visitor key of the __Host-qf_aid cookie, then the call. */
export const FLOOR_READ_SOURCE = `
function floorRead(request, env) {
  const args = request.headers.get('${FLOOR_READ_HEADER}');
  if (args === null) return undefined;
  const cookie = /(?:^|;\\s*)__Host-qf_aid=([^;]*)/.exec(request.headers.get('cookie') ?? '');
  if (!cookie) throw new Error('${FLOOR_READ_HEADER} without a visitor cookie');
  const signed = decodeURIComponent(cookie[1]);
  const key = signed.slice(0, signed.lastIndexOf('.'));
  // The page's own read, the state as JSON text, parsed as the page parses it (src/worker/pages.ts).
  return env.VISITOR.get(env.VISITOR.idFromName(key)).getFunnelStateText(...JSON.parse(args)).then(JSON.parse);
}`;
