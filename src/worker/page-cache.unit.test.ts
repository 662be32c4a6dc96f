import { describe, expect, it } from 'vitest';
import {
  compileCut,
  compileShell,
  CONTEXT_SLOT,
  FORM_ISLAND_SLOT,
  type CompiledShell,
  isPlainPhone,
  joinContextJson,
  NONCE_SLOT,
  PHONE_DIGITS_SLOT,
  PHONE_DISPLAY_SLOT,
  PHONE_HREF_SLOT,
  SEARCH_SLOT,
  ShellCache,
  shellResponse,
  type ShellSlots,
  SUBMISSION_SLOT,
} from './page-cache';
import { scriptJson } from '../ui/document';

const shell = `<script nonce="${NONCE_SLOT}">x</script><script type="application/json" nonce="${NONCE_SLOT}">"${CONTEXT_SLOT}"</script><form action="/p/zip${SEARCH_SLOT}"><input value="${SUBMISSION_SLOT}"></form>`;
const slots = (over: Partial<ShellSlots> = {}): ShellSlots => ({
  nonce: 'n',
  pageContextJson: '{}',
  submissionId: 'id',
  search: '',
  phone: { digits: '18005550101', display: '1-800-555-0101', href: 'tel:+18005550101' },
  ...over,
});
/** The filled page as text: the UTF-8 bytes shellResponse hands to the page's Response. */
function fill(shell: CompiledShell | string, values: ShellSlots): string {
  let text = '';
  shellResponse(typeof shell === 'string' ? compileShell(shell) : shell, values, (page) => {
    text = new TextDecoder().decode(page);
    return new Response(page);
  });
  return text;
}

describe('rendered-shell cache', () => {
  it('fills the number everywhere the shell shows it; only plain numbers may fill it unescaped', () => {
    const withPhone = `${shell}<a href="${PHONE_HREF_SLOT}" data-phone="${PHONE_DIGITS_SLOT}">${PHONE_DISPLAY_SLOT}</a><div data-island="x"></div><script type="application/json" data-island-props="">{"href":"${PHONE_HREF_SLOT}"}</script>`;
    const html = fill(
      withPhone,
      slots({ phone: { digits: '18335551001', display: '1-833-555-1001', href: 'tel:+18335551001' } }),
    );
    expect(html).toContain('<a href="tel:+18335551001" data-phone="18335551001">1-833-555-1001</a>');
    expect(html).toContain('{"href":"tel:+18335551001"}');
    expect(html).not.toMatch(/qfPhone/);
    expect(isPlainPhone({ digits: '18335551001', display: '(833) 555-1001', href: 'tel:+18335551001' })).toBe(true);
    expect(isPlainPhone({ digits: '1', display: '<b>1</b>', href: 'tel:+1' })).toBe(false);
    expect(isPlainPhone({ digits: '1', display: '1', href: 'tel:+1" onclick="x' })).toBe(false);
  });

  it('fills every nonce slot and the page context', () => {
    const html = fill(
      shell,
      slots({ nonce: 'abc123', pageContextJson: '{"visitorId":"v1"}', submissionId: 'u-1', search: '?a=1&b=2' }),
    );
    expect(html).toBe(
      '<script nonce="abc123">x</script><script type="application/json" nonce="abc123">{"visitorId":"v1"}</script><form action="/p/zip?a=1&amp;b=2"><input value="u-1"></form>',
    );
  });

  it("writes the search as an attribute escapes it in the form's action, and as JSON in an island's props script", () => {
    const island = `${shell}<div data-island="quote-form"></div><script type="application/json" data-island-props="">{"search":"${SEARCH_SLOT}"}</script><a href="/next${SEARCH_SLOT}">next</a>`;
    const html = fill(island, slots({ search: '?a=1&b=2' }));
    expect(html).toContain('action="/p/zip?a=1&amp;b=2"');
    expect(html).toContain('<script type="application/json" data-island-props="">{"search":"?a=1&b=2"}</script>');
    expect(html).toContain('href="/next?a=1&amp;b=2"');
    // Whatever the search holds, the props stay the JSON scriptJson writes.
    const odd = '?q=a"b\\c</script>';
    const filled = fill(island, slots({ search: odd }));
    const props = /data-island-props="">(.*?)<\/script>/.exec(filled)?.[1];
    expect(props).toBe(scriptJson({ search: odd }));
    expect(JSON.parse(props ?? '')).toEqual({ search: odd });
  });

  it('encodes text outside ASCII in the shell and in the slots as UTF-8', () => {
    const spanish = `<p>Señor ’ ✓</p>${shell}`;
    expect(fill(spanish, slots({ pageContextJson: '{"city":"Peñasco ✓"}' }))).toBe(
      `<p>Señor ’ ✓</p><script nonce="n">x</script><script type="application/json" nonce="n">{"city":"Peñasco ✓"}</script><form action="/p/zip"><input value="id"></form>`,
    );
    // A short value whose only character outside ASCII is its last, and values past the short ones' length.
    const long = `{"v":"${'a'.repeat(200)}"}`;
    for (const pageContextJson of ['{"a":"é"}', long, `{"v":"${'a'.repeat(200)}é"}`, 'é'])
      expect(fill(shell, slots({ pageContextJson, submissionId: 'x'.repeat(64) }))).toBe(
        `<script nonce="n">x</script><script type="application/json" nonce="n">${pageContextJson}</script><form action="/p/zip"><input value="${'x'.repeat(64)}"></form>`,
      );
  });

  it('does not interpret $ patterns in the page context', () => {
    expect(fill(shell, slots({ pageContextJson: '{"a":"$&$1"}', search: "?x=$'" }))).toContain('{"a":"$&$1"}');
    expect(fill(shell, slots({ search: "?x=$'" }))).toContain(`action="/p/zip?x=$'"`);
  });

  it('fills a compiled shell as it fills the page: slots in order, only the first page-context slot', () => {
    const twice = `${shell}<p>"${CONTEXT_SLOT}"</p>`;
    const cache = new ShellCache();
    const filled = fill(cache.set('k', twice), slots({ nonce: 'n1', pageContextJson: '{"v":1}', search: '?a&b' }));
    expect(filled).toBe(
      `<script nonce="n1">x</script><script type="application/json" nonce="n1">{"v":1}</script><form action="/p/zip?a&amp;b"><input value="id"></form><p>"${CONTEXT_SLOT}"</p>`,
    );
    expect(fill(cache.get('k') ?? '', slots({ nonce: 'n2' }))).toContain('nonce="n2"');
  });

  it('builds each Response from its own bytes, though every page is written into one buffer', async () => {
    const cache = new ShellCache();
    const compiled = cache.set('k', shell);
    const respond = (page: Uint8Array<ArrayBuffer>) => new Response(page);
    const first = shellResponse(compiled, slots({ nonce: 'first-nonce', pageContextJson: '{"v":"é one"}' }), respond);
    const second = shellResponse(compiled, slots({ nonce: 'n2', pageContextJson: '{"v":2}' }), respond);
    // A page larger than the buffer gets a larger one; the pages built before keep their bytes.
    const large = 'x'.repeat(200_000);
    const third = shellResponse(compiled, slots({ pageContextJson: `{"v":"${large}"}` }), respond);
    expect(await first.text()).toBe(fill(shell, slots({ nonce: 'first-nonce', pageContextJson: '{"v":"é one"}' })));
    expect(await second.text()).toBe(fill(shell, slots({ nonce: 'n2', pageContextJson: '{"v":2}' })));
    expect(await third.text()).toContain(large);
  });

  it("writes the form island's bytes into its slot, the island's own slots filled with the page's values", () => {
    const page = `<main>${FORM_ISLAND_SLOT}</main><p>${SUBMISSION_SLOT}</p>`;
    const island = `<form action="/q${SEARCH_SLOT}" data-n="${NONCE_SLOT}"><input value="${SUBMISSION_SLOT}">é ${FORM_ISLAND_SLOT}</form><script type="application/json" data-island-props="">{"search":"${SEARCH_SLOT}"}</script>`;
    const values = slots({ nonce: 'n9', submissionId: 'u-9', search: '?a=1&b=2' });
    const html = fill(page, { ...values, formIsland: compileCut(island) });
    // As the island's text filled on its own and put in the slot (an island holds no island: its slot stays empty).
    expect(html).toBe(
      `<main><form action="/q?a=1&amp;b=2" data-n="n9"><input value="u-9">é </form><script type="application/json" data-island-props="">{"search":${scriptJson('?a=1&b=2')}}</script></main><p>u-9</p>`,
    );
    // Without an island the slot is empty.
    expect(fill(page, values)).toBe('<main></main><p>u-9</p>');
    // The room asked for counts the island: a page and an island together larger than any buffer both arrive whole.
    const big = 'y'.repeat(600_000);
    const whole = fill(`<main>${'x'.repeat(500_000)}${FORM_ISLAND_SLOT}</main>`, {
      ...values,
      formIsland: compileCut(`<form>${big}${SUBMISSION_SLOT}</form>`),
    });
    expect(whole.length).toBe(500_000 + 600_000 + '<main></main><form>u-9</form>'.length);
    expect(whole.endsWith(`${big}u-9</form></main>`)).toBe(true);
  });

  it('refuses a shell without its slots (it would leak one request into another)', () => {
    const cache = new ShellCache();
    expect(() => cache.set('k', '<html>no slots</html>')).toThrow(/slots/);
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new ShellCache();
    for (let i = 0; i < 400; i++) cache.set(`k${i}`, shell);
    expect(cache.get('k0')).toBeDefined();
    cache.set('k400', shell);
    expect(cache.size).toBe(400);
    expect(cache.get('k0')).toBeDefined();
    expect(cache.get('k1')).toBeUndefined();
  });
});

describe('joinContextJson', () => {
  it('writes what JSON.stringify writes for the head and tail as one object', () => {
    const heads = [
      {},
      { brand: { id: 'bh' } },
      { brand: { id: 'bh', name: 'Benefit <Helpers>' }, step: { number: 1 } },
    ];
    const tails = [{}, { visitorId: 'a' }, { tracking: { urlParams: { utm_source: 'x"y' } }, place: null }];
    for (const head of heads)
      for (const tail of tails)
        expect(joinContextJson(scriptJson(head), scriptJson(tail))).toBe(scriptJson({ ...head, ...tail }));
  });
});
