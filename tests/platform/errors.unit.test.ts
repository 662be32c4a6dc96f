import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import type { AppEnv } from '../../src/worker/env';
import { errorStatus, notFound, onError } from '../../src/worker/errors';
import { HTTPException } from 'hono/http-exception';
import { sanitizeStatusCode } from '../../src/worker/http-error';
import { isNoindex } from '../../src/worker/shell';
import { createExecutionContext, env } from 'cloudflare:test';

function appThatThrows() {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const brand = brandByCode('bh');
    if (brand) c.set('brand', brand);
    c.set('nonce', 'test-nonce');
    await next();
  });
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.notFound(notFound);
  app.onError(onError);
  return app;
}

describe('error handling (spec section 8)', () => {
  it('renders an unexpected error as a 500 Internal Server Error page without its message', async () => {
    const res = await appThatThrows().request('http://bh.localhost/boom', {}, env);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('<h1>Internal Server Error</h1>');
    expect(html).not.toContain('hunter2');
    expect(html).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers an API error as JSON without its message', async () => {
    const res = await appThatThrows().request('http://bh.localhost/api/boom', {}, env);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'internal_error', message: 'Internal Server Error' } });
  });

  it('keeps the status an error carries; 500 when none is given, 200 when it is outside 100 to 999', () => {
    expect(errorStatus(new HTTPException(400))).toBe(400);
    expect(errorStatus(new HTTPException(403))).toBe(403);
    expect(errorStatus(new HTTPException(503))).toBe(503);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 422 }))).toBe(422);
    expect(errorStatus(new Error('x'))).toBe(500);
    // Spec sections 5 and 9: a status given outside 100 to 999 falls back to 200.
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 1000 }))).toBe(200);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 42 }))).toBe(200);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 99 }))).toBe(200);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 100 }))).toBe(500);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 999 }))).toBe(500);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 'x' }))).toBe(200);
    // In 100-999 but not an error status an HTTP response can carry.
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 302 }))).toBe(500);
    expect(errorStatus(Object.assign(new Error('x'), { statusCode: 700 }))).toBe(500);
  });

  it('falls back to 200 for status codes outside 100 to 999', () => {
    expect(sanitizeStatusCode(99)).toBe(200);
    expect(sanitizeStatusCode(1000)).toBe(200);
    expect(sanitizeStatusCode(404)).toBe(404);
    expect(sanitizeStatusCode(100)).toBe(100);
    expect(sanitizeStatusCode(999)).toBe(999);
    expect(sanitizeStatusCode('500')).toBe(200);
    expect(sanitizeStatusCode(12.5)).toBe(200);
  });

  it('makes every page noindex in staging and non-indexable pages noindex everywhere', () => {
    expect(isNoindex('staging', true)).toBe(true);
    expect(isNoindex('production', true)).toBe(false);
    expect(isNoindex('development', true)).toBe(false);
    expect(isNoindex('production', false)).toBe(true);
    expect(isNoindex('production', undefined)).toBe(true);
  });
});

describe('hosts', () => {
  it('answers an unknown host with 404 outside development (no brand, no index)', async () => {
    const { app } = await import('../../src/worker');
    const res = await app.request('http://unknown.example.com/', {}, { ...env, ENVIRONMENT: 'production' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'unknown_host', message: 'No brand is served at unknown.example.com' },
    });
    // Production refuses the development cookie secret (fail closed): this one looks real.
    const brand = await app.request(
      'http://benefithelpers.com/privacy',
      {},
      { ...env, ENVIRONMENT: 'production', VISITOR_COOKIE_SECRET: 'q8V1kR9wZt3mN6pX2bL5hJ7cF4dS0aGe' },
      createExecutionContext(),
    );
    expect(brand.status).toBe(200);
  });
});
