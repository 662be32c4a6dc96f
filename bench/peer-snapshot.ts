/**
 * The Nuxt peer's page, made from the product's at bench time so the two never drift: the
 * product's first-visit page for bh /otc-allowance becomes a Vue template (its body, with the
 * per-request parts bound: the CSP nonce, the submission id, the form's stored values, the
 * islands' props) and the head, headers and props as data. The peer's page (bench/peers/nuxt)
 * renders them per request with its own visitor: a sealed session cookie and answers in KV.
 * Written under bench/peers/nuxt/snapshot/ (not committed) only when its content changed, so an
 * unchanged product does not rebuild the peer.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageParts } from './peer-normalise';

export interface HeadTag {
  tag: 'meta' | 'link' | 'title' | 'script' | 'style';
  attrs: Record<string, string | true>;
  /** The element's text (a script's or a style's, the title); `{page-context}` for the page's context JSON. */
  content: string | null;
  /** Whether the element carries the request's nonce. */
  nonce: boolean;
}

export interface PeerSnapshot {
  htmlAttrs: Record<string, string>;
  head: HeadTag[];
  /** Response headers the page is sent with; `{nonce}` where the request's nonce goes. */
  headers: [string, string][];
  /** The page's context (the head's JSON) and each island's props (the body's JSON), as captured. */
  pageContext: unknown;
  islands: unknown[];
  /** Text of the body's other inline scripts, in order. */
  scripts: string[];
  /** Attribute values of the body that name the partner sandbox, `{sandbox}` for its origin (a new port each run). */
  urls: string[];
  /**
   * The brand's stylesheet file the first view prefetches (its head's `<link rel="prefetch">`),
   * or null: a returning browser gets it linked in the inline style's place, and no prefetch.
   */
  stylesheet: string | null;
}

/** Attributes of a start tag, names lower-cased (the parser's view; `charSet` is `charset`). */
function attributes(source: string): [string, string | true][] {
  return [...source.matchAll(/([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map((a) => [
    (a[1] ?? '').toLowerCase(),
    a[2] ?? a[3] ?? a[4] ?? true,
  ]);
}

/** An attribute's value as the parser reads it (the template binds it as a string, unescaped). */
const decodeAttr = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const HOP_HEADERS = /^(date|content-length|transfer-encoding|connection|keep-alive|set-cookie)$/i;

/** The snapshot and the Vue template of the body, from the product's page and its response headers. */
export function snapshotOf(
  page: string,
  headers: [string, string][],
  sandboxOrigin: string,
): { snapshot: PeerSnapshot; template: string } {
  // The sandbox's port changes every run; as a placeholder the snapshot (and the peer's build) stays the same.
  const html = page.split(sandboxOrigin).join('{sandbox}');
  const parts = pageParts(html);
  const nonce = / nonce="([^"]+)"/.exec(html)?.[1];
  if (!nonce) throw new Error("the product's page carries no nonce");
  const htmlAttrs = Object.fromEntries(
    attributes(/<html\b([^>]*)>/i.exec(parts.htmlAttrs)?.[1] ?? '').map(([k, v]) => [k, v === true ? '' : v]),
  );

  let pageContext: unknown = null;
  const head: HeadTag[] = [];
  for (const m of parts.head.matchAll(/<(script|style|title)\b([^>]*)>([\s\S]*?)<\/\1>|<(meta|link)\b([^>]*?)\/?>/gi)) {
    const tag = (m[1] ?? m[4] ?? '').toLowerCase() as HeadTag['tag'];
    const attrs = Object.fromEntries(attributes(m[2] ?? m[5] ?? ''));
    const hasNonce = 'nonce' in attrs;
    delete attrs.nonce;
    let content = m[1] ? (m[3] ?? '') : null;
    if (attrs.id === 'page-context') {
      pageContext = JSON.parse(content ?? 'null');
      content = '{page-context}';
    }
    head.push({ tag, attrs, content, nonce: hasNonce });
  }
  if (!pageContext) throw new Error("the product's page has no page-context JSON in its head");
  const prefetch = head.find((t) => t.tag === 'link' && t.attrs.rel === 'prefetch' && typeof t.attrs.href === 'string');
  const stylesheet = typeof prefetch?.attrs.href === 'string' ? prefetch.attrs.href : null;
  if (stylesheet && head.filter((t) => t.tag === 'style').length !== 1)
    throw new Error("the product's first view prefetches its stylesheet but does not inline exactly one style");

  const islands: unknown[] = [];
  const scripts: string[] = [];
  let submissionId: string | undefined;
  const body = parts.body.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script>|<(input)\b([^>]*?)\/?>|<([a-zA-Z][\w-]*)\b([^>]*?)\snonce="[^"]*"([^>]*)>/g,
    (whole, scriptAttrs?: string, text?: string, input?: string, inputAttrs?: string) => {
      if (scriptAttrs !== undefined) {
        // Vue drops a literal <script> from a template; a render function makes the element.
        const bound = scriptAttrs.replace(/\snonce="[^"]*"/, ' :nonce="nonce"');
        if (/data-island-props/.test(scriptAttrs)) {
          islands.push(JSON.parse(text ?? 'null'));
          return `<RawScript${bound} :html="islands[${islands.length - 1}]"></RawScript>`;
        }
        if (text) {
          scripts.push(text);
          return `<RawScript${bound} :html="scripts[${scripts.length - 1}]"></RawScript>`;
        }
        return `<RawScript${bound}></RawScript>`;
      }
      if (input !== undefined) {
        const attrs = new Map(attributes(inputAttrs ?? ''));
        const name = attrs.get('name');
        const type = attrs.get('type');
        if (name === 'submissionId') {
          submissionId = String(attrs.get('value'));
          return whole.replace(/\svalue="[^"]*"/, ' :value="submissionId"');
        }
        // A text field shows the visitor's stored answer (empty on a first visit).
        if (typeof name === 'string' && (type === undefined || /^(text|tel|email|number)$/.test(String(type))))
          return whole.replace(/\svalue="[^"]*"/, ` :value="values['${name}'] ?? ''"`);
        return whole;
      }
      return whole.replace(/\snonce="[^"]*"/, ' :nonce="nonce"');
    },
  );
  const urls: string[] = [];
  const template = body.replace(/\s([\w-]+)="([^"]*\{sandbox\}[^"]*)"/g, (_, name: string, value: string) => {
    urls.push(decodeAttr(value));
    return ` :${name}="urls[${urls.length - 1}]"`;
  });
  if (template.includes('{{')) throw new Error("the product's body has text Vue would read as an interpolation");
  // Nothing minted for this one request may stay in the template: the peer mints its own.
  const minted = [nonce, submissionId, ...JSON.stringify(pageContext).matchAll(/"(?:visitorId|sessionId)":"([^"]+)"/g)]
    .map((v) => (Array.isArray(v) ? v[1] : v))
    .filter((v): v is string => typeof v === 'string' && v !== '');
  for (const value of minted)
    if (template.includes(value)) throw new Error(`a per-request value (${value}) is left in the peer's template`);

  const vue = `<!-- Generated by bench/peer-snapshot.ts from the product's page; do not edit. -->
<script setup lang="ts">
import { h, type FunctionalComponent } from 'vue';

const RawScript: FunctionalComponent<{ html?: string }> = (props, { attrs }) =>
  h('script', props.html === undefined ? attrs : { ...attrs, innerHTML: props.html });
RawScript.props = ['html'];
defineProps<{
  nonce: string;
  submissionId: string;
  values: Record<string, unknown>;
  islands: string[];
  scripts: string[];
  urls: string[];
}>();
</script>
<template>${template}</template>
`;
  const snapshot: PeerSnapshot = {
    htmlAttrs,
    head,
    headers: headers
      .filter(([name]) => !HOP_HEADERS.test(name))
      .map(([name, value]) => [name, value.split(sandboxOrigin).join('{sandbox}').split(nonce).join('{nonce}')]),
    pageContext,
    islands,
    scripts,
    urls,
    stylesheet,
  };
  return { snapshot, template: vue };
}

/** Writes the peer's snapshot; true when it changed (the peer must be rebuilt). */
export function writePeerSnapshot(
  dir: string,
  html: string,
  headers: [string, string][],
  sandboxOrigin: string,
): boolean {
  const { snapshot, template } = snapshotOf(html, headers, sandboxOrigin);
  const out = join(dir, 'snapshot');
  mkdirSync(out, { recursive: true });
  let changed = false;
  // The captured ids are replaced per request anyway; zeroed, the snapshot (and the build) stays the same between runs.
  const data = JSON.stringify(snapshot, null, 1).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    '00000000-0000-0000-0000-000000000000',
  );
  for (const [file, text] of [
    ['page.json', `${data}\n`],
    ['PageBody.vue', template],
  ] as const) {
    const path = join(out, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    writeFileSync(path, text);
    changed = true;
  }
  return changed;
}
