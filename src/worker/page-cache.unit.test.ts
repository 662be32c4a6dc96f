import { describe, expect, it } from 'vitest';
import { CONTEXT_SLOT, fillShell, NONCE_SLOT, ShellCache } from './page-cache';

const shell = `<script nonce="${NONCE_SLOT}">x</script><script type="application/json" nonce="${NONCE_SLOT}">"${CONTEXT_SLOT}"</script>`;

describe('rendered-shell cache', () => {
  it('fills every nonce slot and the page context', () => {
    const html = fillShell(shell, 'abc123', '{"visitorId":"v1"}');
    expect(html).toBe('<script nonce="abc123">x</script><script type="application/json" nonce="abc123">{"visitorId":"v1"}</script>');
  });

  it('does not interpret $ patterns in the page context', () => {
    expect(fillShell(shell, 'n', '{"a":"$&$1"}')).toContain('{"a":"$&$1"}');
  });

  it('refuses a shell without its slots (it would leak one request into another)', () => {
    const cache = new ShellCache();
    expect(() => cache.set('k', '<html>no slots</html>')).toThrow(/slots/);
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new ShellCache();
    for (let i = 0; i < 400; i++) cache.set(`k${i}`, shell);
    expect(cache.get('k0')).toBe(shell);
    cache.set('k400', shell);
    expect(cache.size).toBe(400);
    expect(cache.get('k0')).toBe(shell);
    expect(cache.get('k1')).toBeUndefined();
  });
});
