/**
 * The production routes of wrangler.toml, generated from the brand records: every hostname of
 * every brand goes to the Worker (`{hostname}/*` in the zone of its registrable domain), so
 * adding a brand or a hostname is a change to brands/ only. `npm run routes -- --wrangler`
 * prints the block, `--write` puts it into wrangler.toml, `--check` exits 1 when wrangler.toml
 * disagrees; brands/deploy-routes.unit.test.ts fails then too.
 */
import { BRANDS, type Brand } from './index';

export const ROUTES_BEGIN =
  '# BEGIN production routes: generated from brands/*.ts by `npm run routes -- --wrangler --write`; do not edit by hand.';
export const ROUTES_END = '# END production routes';

export interface WranglerRoute {
  pattern: string;
  zone_name: string;
}

/**
 * The Cloudflare zone a hostname belongs to: its last two labels. Every brand domain is a
 * .com; a brand on a public suffix of two labels (example.co.uk) needs this to learn it.
 */
export function zoneOf(hostname: string): string {
  return hostname.split('.').slice(-2).join('.');
}

export function productionRoutes(brands: readonly Brand[] = BRANDS): WranglerRoute[] {
  return brands.flatMap((brand) =>
    brand.hostnames.map((hostname) => ({ pattern: `${hostname}/*`, zone_name: zoneOf(hostname) })),
  );
}

/** The block as it stands in [env.production] of wrangler.toml, markers included. */
export function wranglerRoutesBlock(brands: readonly Brand[] = BRANDS): string {
  const lines = productionRoutes(brands).map((r) => `  { pattern = "${r.pattern}", zone_name = "${r.zone_name}" },`);
  return [ROUTES_BEGIN, 'routes = [', ...lines, ']', ROUTES_END].join('\n');
}

/** The generated block found in a wrangler.toml text, or null when its markers are missing. */
export function routesBlockIn(toml: string): string | null {
  const start = toml.indexOf(ROUTES_BEGIN);
  const end = toml.indexOf(ROUTES_END);
  if (start < 0 || end < start) return null;
  return toml.slice(start, end + ROUTES_END.length);
}

/** The wrangler.toml text with its generated block replaced by `block`. */
export function withRoutesBlock(toml: string, block: string): string {
  const current = routesBlockIn(toml);
  if (current === null)
    throw new Error(
      `wrangler.toml has no generated routes block (${ROUTES_BEGIN} ... ${ROUTES_END}) in [env.production]`,
    );
  return toml.replace(current, () => block);
}
