import type { ReactNode } from 'react';
import type { Brand } from '../../brands';
import type { Language } from '../routes/schema';
import { BOOT_SCRIPT } from './boot-script';
import { htmlLang } from './i18n';
import { FAVICON_PATH } from './brand-identity';
import { pageCss } from './page-stylesheet';

/** URLs of the content-hashed client bundles (from public/build/manifest.json). */
export interface ClientAssets {
  main: string;
  islands: string;
}

export interface ShellOptions {
  nonce: string;
  /** Staging or a page not marked indexable: robots noindex. */
  noindex: boolean;
  tagManagerScriptUrl: string;
  adScriptUrl: string;
  assets: ClientAssets;
  /** Deployment id the client compares with the latest one to detect new deployments. */
  buildId: string;
  /** The request carried Sec-GPC: 1: no tag manager, no ad script, no data layer. */
  gpc?: boolean;
  /**
   * The brand's hashed, immutable stylesheet file (src/ui/page-stylesheet.ts) and how this view
   * gets the page's CSS: `linked` (a returning browser, which fetched the file after an earlier
   * view) or inlined with the nonce and the file prefetched for the next view. Without it, inlined only.
   */
  stylesheet?: { href: string; linked: boolean };
}

interface DocumentProps {
  brand: Brand;
  language: Language;
  title: string;
  description: string;
  forcedColorMode?: 'light' | 'dark' | 'system';
  shell: ShellOptions;
  /** Serialized for the tracker: page context of spec section 3 (no personal data). */
  pageContext: Record<string, unknown> | string;
  children: ReactNode;
  /** Rendered after the content, so it knows which islands the content used. */
  tail: ReactNode;
  /** The page-view image a browser without JavaScript loads (src/shared/tracking/noscript-view.ts). */
  noscriptView?: string;
}

/** The element whose parsing lets the first paint happen (the `expect` link in the head). */
const RENDERED_MARKER_ID = 'page-markup-end';

const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON safe to embed inside a <script> element (one pass: it runs on every page view). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (ch) => SCRIPT_ESCAPES[ch] ?? ch);
}

export function Document({
  brand,
  language,
  title,
  description,
  forcedColorMode,
  shell,
  pageContext,
  children,
  tail,
  noscriptView,
}: DocumentProps) {
  const gtmUrl = `${shell.tagManagerScriptUrl}?id=${encodeURIComponent(brand.tagManagerId)}`;
  const gtmInit = `window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});`;
  return (
    <html lang={htmlLang(language)} data-force-color-mode={forcedColorMode} data-build={shell.buildId}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={shell.nonce} dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <title>{title}</title>
        <meta name="description" content={description} />
        {shell.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <meta name="theme-color" content={brand.theme.light.primary} />
        <link rel="icon" href={FAVICON_PATH} type="image/svg+xml" />
        {/* No paint before the page's own markup is parsed (HTML's render-blocking `expect`, Chromium
            124+; elsewhere ignored): a paint while the parser is partway through the header or the
            call bar showed a half-built box that then grew, a layout shift a visitor sees. What React
            streams after the shell comes after the marker and never holds the paint (decision 0353). */}
        <link rel="expect" href={`#${RENDERED_MARKER_ID}`} blocking="render" />
        {shell.stylesheet?.linked ? (
          <link rel="stylesheet" href={shell.stylesheet.href} />
        ) : (
          <style nonce={shell.nonce} dangerouslySetInnerHTML={{ __html: pageCss(brand) }} />
        )}
        {shell.gpc ? null : (
          <>
            <script nonce={shell.nonce} dangerouslySetInnerHTML={{ __html: gtmInit }} />
            <script nonce={shell.nonce} async src={gtmUrl} />
            <script nonce={shell.nonce} async src={shell.adScriptUrl} />
          </>
        )}
        <script
          nonce={shell.nonce}
          type="application/json"
          id="page-context"
          dangerouslySetInnerHTML={{ __html: scriptJson(pageContext) }}
        />
        <script nonce={shell.nonce} type="module" src={shell.assets.main} />
        {shell.stylesheet && !shell.stylesheet.linked ? <link rel="prefetch" href={shell.stylesheet.href} /> : null}
      </head>
      <body>
        {shell.gpc ? null : (
          <noscript>
            <iframe
              title="tag manager"
              src={`${shell.tagManagerScriptUrl.replace(/gtm\.js$/, 'ns.html')}?id=${encodeURIComponent(brand.tagManagerId)}`}
              height="0"
              width="0"
              hidden
            />
          </noscript>
        )}
        {noscriptView ? (
          <noscript>
            <img src={noscriptView} alt="" width="1" height="1" hidden />
          </noscript>
        ) : null}
        <div id="loading-bar" className="loading-bar" aria-hidden="true" />
        {children}
        <span id={RENDERED_MARKER_ID} hidden />
        {tail}
      </body>
    </html>
  );
}
