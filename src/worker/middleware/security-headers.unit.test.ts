import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env';
import { htmlPageResponse, SECURITY_OPTIONS, securityHeaders } from './security-headers';

/** The same routes behind hono's own secure-headers (as the Worker used it) and behind ours. */
function appWith(middleware: 'hono' | 'ours') {
  const app = new Hono<AppEnv>();
  if (middleware === 'hono') {
    const secure = secureHeaders(SECURITY_OPTIONS);
    app.use('*', (c, next) => {
      const plain = c as unknown as Parameters<typeof secure>[0];
      return secure(plain, async () => {
        c.set('nonce', String(plain.get('secureHeadersNonce') ?? ''));
        await next();
      });
    });
  } else {
    app.use('*', securityHeaders);
  }
  app.get('/page', () => htmlPageResponse('<p>page</p>', { cacheControl: 'no-store', setCookie: 'a=b; Path=/' }));
  app.get('/cached-page', () =>
    htmlPageResponse(new TextEncoder().encode('<p>shared</p>'), {
      cacheControl: 'public, max-age=60',
      setCookie: 'c=d',
    }),
  );
  app.get('/plain', (c) => c.text('plain'));
  app.get('/nonce', (c) => c.text(c.get('nonce')));
  // A response with headers of its own: they are kept (the brand icon's stricter CSP).
  app.get(
    '/own',
    () =>
      new Response('own', {
        headers: {
          'content-security-policy': "default-src 'none'",
          'x-frame-options': 'SAMEORIGIN',
          'x-powered-by': 'x',
        },
      }),
  );
  app.get('/page-own', () => {
    const response = htmlPageResponse('<p>page</p>', { cacheControl: 'no-store', setCookie: 'e=f' });
    response.headers.set('Referrer-Policy', 'no-referrer');
    return response;
  });
  app.get('/error', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.text('error', 500));
  return app;
}

/** A response's headers with its nonce written as NONCE, and the nonce. */
async function seen(app: Hono<AppEnv>, path: string, env: object) {
  const response = await app.request(path, {}, env);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? null;
  const headers = [...response.headers].map(([name, value]) => [
    name,
    nonce ? value.replaceAll(nonce, 'NONCE') : value,
  ]);
  const body = await response.text();
  return { headers, nonce, body: nonce ? body.replaceAll(nonce, 'NONCE') : body };
}

const ENVS = {
  production: { ENVIRONMENT: 'production', MEDIAALPHA_BASE_URL: 'https://insurance-test.mediaalpha.com' },
  development: { ENVIRONMENT: 'development', MEDIAALPHA_BASE_URL: 'http://127.0.0.1:8788' },
};

describe('security headers', () => {
  for (const [name, env] of Object.entries(ENVS)) {
    it(`are hono's secure-headers byte for byte, page or not (${name})`, async () => {
      const hono = appWith('hono');
      const ours = appWith('ours');
      for (const path of ['/page', '/cached-page', '/plain', '/nonce', '/own', '/page-own', '/error']) {
        const { nonce: honoNonce, ...expected } = await seen(hono, path, env);
        const { nonce, ...actual } = await seen(ours, path, env);
        expect(actual, path).toEqual(expected);
        // Both nonced, or (a response's own CSP kept) neither.
        expect(nonce === null, path).toBe(honoNonce === null);
      }
    });
  }

  it('gives each request a nonce of its own, in the CSP twice and in c.var.nonce', async () => {
    const ours = appWith('ours');
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await ours.request('/nonce', {}, ENVS.production);
      const csp = response.headers.get('content-security-policy') ?? '';
      const body = await response.text();
      expect(body).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp.split(`'nonce-${body}'`)).toHaveLength(3);
      nonces.add(body);
    }
    expect(nonces.size).toBe(3);
  });
});
