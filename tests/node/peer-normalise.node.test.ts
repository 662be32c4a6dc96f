import { describe, expect, it } from 'vitest';
import { pageDifference } from '../../bench/peer-compare';
import { canonicalHtml, normalisePage } from '../../bench/peer-normalise';
import { snapshotOf } from '../../bench/peer-snapshot';

const ID_A = '325723a5-abfc-4e35-af5e-e9620d03e5f9';
const ID_B = '0613ccdc-be1e-4fe5-90bf-73baf67dcdc3';

/** A page as the product writes it (React's spelling), with one request's nonce, ids and hour. */
const productPage = (nonce: string, id: string, zip = '') =>
  `<!DOCTYPE html><html lang="en" data-build="b1"><head><meta charSet="utf-8"/><title>OTC</title>` +
  `<script nonce="${nonce}" async="" src="http://127.0.0.1:4001/gtm.js"></script>` +
  `<script nonce="${nonce}" type="application/json" id="page-context">{"visitorId":"${id}","callHoursHour":498818}</script></head>` +
  `<body><p>O&#x27;Neil &amp; co<!-- -->.</p><input name="zipcode" maxLength="5" value="${zip}"/>` +
  `<script type="application/json" data-island-props="">{"values":{},"funnel":{"submissionId":"${id}"}}</script></body></html>`;

/** The same page as the Nuxt peer writes it (unhead's and Vue's spelling). */
const peerPage = (nonce: string, id: string, zip = '') =>
  `<!DOCTYPE html><html  lang="en" data-build="b1"><head><meta charset="utf-8">\n<title>OTC</title>\n` +
  `<script async src="http://127.0.0.1:4001/gtm.js" nonce="${nonce}"></script>\n` +
  `<script type="application/json" id="page-context" nonce="${nonce}">{"visitorId":"${id}","callHoursHour":498819}</script></head>` +
  `<body><div id="__nuxt"><!--[--><p>O&#39;Neil &amp; co<!-- -->.</p><input name="zipcode" maxlength="5" value="${zip}">` +
  `<script type="application/json" data-island-props="">{"values":{},"funnel":{"submissionId":"${id}"}}</script><!--]--></div><div id="teleports"></div></body></html>`;

describe("the bench's check that the Nuxt peer serves the product's page", () => {
  it('finds two spellings of one document, with their own nonces and ids, the same page', () => {
    expect(pageDifference(productPage('n0nceA==', ID_A), peerPage('OtherN0nce==', ID_B))).toEqual([]);
  });

  it('fails on a changed word, a changed stored answer or a changed attribute', () => {
    expect(pageDifference(productPage('a', ID_A), peerPage('b', ID_B).replace('Neil', 'Neal'))).toHaveLength(1);
    expect(pageDifference(productPage('a', ID_A, '33101'), peerPage('b', ID_B, '33102'))[0]).toMatch(/^body/);
    expect(pageDifference(productPage('a', ID_A), peerPage('b', ID_B).replace('gtm.js', 'ads.js'))[0]).toMatch(/^head/);
  });

  it('leaves script text as sent, so a changed island prop is a difference', () => {
    const changed = peerPage('b', ID_B).replace('"values":{}', '"values":{"zipcode":"1"}');
    expect(pageDifference(productPage('a', ID_A), changed)).toHaveLength(1);
  });

  it('spells a start tag one way: lower-case names, sorted attributes, no self-closing slash', () => {
    expect(canonicalHtml('<INPUT maxLength="5" name=zip hidden=""/>')).toBe('<input hidden maxlength="5" name="zip">');
    expect(normalisePage(`<script nonce="x1">a</script><p>${ID_A}</p>`)).toBe(
      '<script nonce="{nonce}">a</script><p>{id}</p>',
    );
  });
});

describe("the peer's template made from the product's page", () => {
  const { snapshot, template } = snapshotOf(
    productPage('n0nceA==', ID_A, '33101'),
    [
      ['Content-Security-Policy', "script-src 'nonce-n0nceA==' http://127.0.0.1:4001"],
      ['Set-Cookie', 'a=b'],
    ],
    'http://127.0.0.1:4001',
  );

  it('binds every per-request value and keeps none of the captured ones', () => {
    expect(template).not.toContain('n0nceA==');
    expect(template).not.toContain(ID_A);
    expect(template).toContain(`:value="values['zipcode'] ?? ''"`);
    expect(template).toContain(':html="islands[0]"');
    expect(snapshot.islands).toEqual([{ values: {}, funnel: { submissionId: ID_A } }]);
  });

  it('keeps the head in order, the page context as data, headers without cookies and the sandbox as a placeholder', () => {
    expect(snapshot.head.map((t) => t.tag)).toEqual(['meta', 'title', 'script', 'script']);
    expect(snapshot.head[2]).toMatchObject({ nonce: true, attrs: { src: '{sandbox}/gtm.js' } });
    expect(snapshot.pageContext).toEqual({ visitorId: ID_A, callHoursHour: 498818 });
    expect(snapshot.headers).toEqual([['Content-Security-Policy', "script-src 'nonce-{nonce}' {sandbox}"]]);
  });

  it("records the stylesheet file a first view prefetches, which a returning visitor's page links instead", () => {
    expect(snapshot.stylesheet).toBeNull();
    const firstView = productPage('n0nceA==', ID_A).replace(
      '<title>OTC</title>',
      '<title>OTC</title><link rel="prefetch" href="/build/css/bh-1a2b.css"/><style nonce="n0nceA==">p{}</style>',
    );
    expect(snapshotOf(firstView, [], 'http://127.0.0.1:4001').snapshot.stylesheet).toBe('/build/css/bh-1a2b.css');
    expect(() => snapshotOf(firstView.replace(/<style[^>]*>p\{\}<\/style>/, ''), [], 'http://x')).toThrow(/style/);
  });
});
