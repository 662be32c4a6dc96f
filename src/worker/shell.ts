import type { Context } from 'hono';
import manifest from '../../public/build/manifest.json';
import type { ShellOptions } from '../ui/document';
import type { AppEnv } from './env';
import { optedOut } from './consent/opt-out';

/** Spec section 2: noindex in the preview (staging) environment, or when the page's indexable is not true. */
export function isNoindex(environment: string, indexable: boolean | undefined): boolean {
  return environment === 'staging' || indexable !== true;
}

/** Shell options of a document: the request's nonce, robots rule, scripts and client bundles. */
export function shellOptions(c: Context<AppEnv>, indexable: boolean): ShellOptions {
  return {
    nonce: c.get('nonce'),
    noindex: isNoindex(c.env.ENVIRONMENT, indexable),
    tagManagerScriptUrl: c.env.TAG_MANAGER_SCRIPT_URL,
    adScriptUrl: c.env.AD_SCRIPT_URL,
    assets: { main: manifest.main, islands: manifest.islands },
    buildId: manifest.buildId,
    // GPC now or earlier, or a do-not-sell request from this browser: no tag manager, no ad script.
    gpc: optedOut(c),
    ...stylesheetOf(c),
  };
}

/**
 * How the page's CSS reaches this view (docs/decisions/0311-page-css-inlined-first-then-linked.md):
 * a browser that sent back a visitor key this Worker issued has had a page of ours, which
 * prefetched the brand's stylesheet file, so it links the file from its cache; a first view (and
 * anything before the visitor middleware, such as an unknown host's error page) inlines it.
 */
export const stylesheetDelivery = { enabled: true };

export function stylesheetOf(c: Context<AppEnv>): Pick<ShellOptions, 'stylesheet'> {
  const href = stylesheetDelivery.enabled
    ? (manifest.stylesheets as Record<string, string>)[c.get('brand').id]
    : undefined;
  return href ? { stylesheet: { href, linked: c.get('newVisitor') === false } } : {};
}
