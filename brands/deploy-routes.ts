/**
 * The production routes of wrangler.toml, generated from the brand records: every hostname of
 * every brand is a Custom Domain of the Worker (docs/decisions/0121-custom-domains.md): the deploy
 * creates its DNS record and certificate, so adding a brand or a hostname is a change to brands/
 * only and no proxied record has to be made by hand. Each hostname's zone (its registrable
 * domain, zoneOf) must be on the account. `npm run routes -- --wrangler`
 * prints the block, `--write` puts it into wrangler.toml, `--check` exits 1 when wrangler.toml
 * disagrees; brands/deploy-routes.unit.test.ts fails then too.
 */
import { BRANDS, type Brand } from './index';

export const ROUTES_BEGIN =
  '# BEGIN production routes: generated from brands/*.ts by `npm run routes -- --wrangler --write`; do not edit by hand.';
export const ROUTES_END = '# END production routes';

export interface WranglerRoute {
  /** The whole hostname: a Custom Domain takes every path of it. */
  pattern: string;
  custom_domain: true;
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
    brand.hostnames.map((hostname) => ({ pattern: hostname, custom_domain: true as const })),
  );
}

/** The block as it stands in [env.production] of wrangler.toml, markers included. */
export function wranglerRoutesBlock(brands: readonly Brand[] = BRANDS): string {
  const lines = productionRoutes(brands).map((r) => `  { pattern = "${r.pattern}", custom_domain = true },`);
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
