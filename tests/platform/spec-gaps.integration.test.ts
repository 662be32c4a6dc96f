import { describe, expect, it } from 'vitest';
import { decode, visitor } from '../support/funnel';
import { callHours } from '../../src/shared/phone/call-hours';

/**
 * The smaller spec gaps, proven through the Worker's fetch
 * (error statuses of spec sections 2, 5 and 8; the /reviews/:slug(.*)* route of spec section 2).
 */
describe('error page statuses (spec sections 2 and 8)', () => {
  it('keeps a 400 it was given: a page address with a broken percent-escape is a 400 page, not a 500', async () => {
    const v = visitor('bh');
    const res = await v.get('/get-yours-otc/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    // Spec section 8: every status but 404 reads 'Internal Server Error'.
    expect(html).toContain('<h1>Internal Server Error</h1>');
    expect(html).toContain('"statusCode":400');
  });

  it('a broken percent-escape is a 400 whatever the method, checked before the page is looked up', async () => {
    const v = visitor('bh');
    for (const method of ['HEAD', 'OPTIONS', 'DELETE']) {
      expect((await v.fetch('/get-yours-otc/%E0%A4%A', { method })).status, method).toBe(400);
    }
    // A well-formed address that is no page stays a 404.
    expect((await v.fetch('/no-such-page', { method: 'OPTIONS' })).status).toBe(404);
  });

  it('keeps a 405 with its Allow header for a write to a page that takes none', async () => {
    const v = visitor('bh');
    const res = await v.fetch('/privacy', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.text()).toContain('<h1>Internal Server Error</h1>');
  });

  it('answers 404 "Page Not Found" with the path for an unknown page', async () => {
    const v = visitor('bh');
    const res = await v.get('/no-such-page-here');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<h1>Page Not Found</h1>');
    expect(html).toContain('Page not found: /no-such-page-here');
  });

  it('reads the error page in the brand language on the Spanish brand', async () => {
    const res = await visitor('m10es').get('/no-such-page-here');
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<h1>Página no encontrada</h1>');
  });
});

describe('/reviews/{anything} on brand ac (spec /reviews/:slug(.*)*)', () => {
  const reviewsHeadline = '<h1>Medicare carrier reviews</h1>';

  for (const path of [
    '/reviews',
    '/reviews/anything',
    '/reviews/no-such-carrier',
    '/reviews/2024/best-plans/',
    '/reviews/Some%20Thing',
  ]) {
    it(`serves the reviews page at ${path}`, async () => {
      const res = await visitor('ac').get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(reviewsHeadline);
    });
  }

  it('still serves the carrier pages of their own', async () => {
    const html = decode(await (await visitor('ac').get('/reviews/aetna')).text());
    expect(html).toContain('Aetna Medicare plans: what to know');
  });

  for (const brand of ['bh', 'm10es', 'tqg']) {
    it(`is a 404 on brand ${brand}`, async () => {
      for (const path of ['/reviews', '/reviews/anything']) {
        const res = await visitor(brand).get(path);
        expect(res.status, `${brand} ${path}`).toBe(404);
        expect(await res.text()).not.toContain(reviewsHeadline);
      }
    });
  }
});

describe('m10es, the Spanish brand', () => {
  const text = (html: string) =>
    decode(html.replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '')).replace(/<[^>]+>/g, '\n');

  it('serves its home page in Spanish: lang, copy and every UI string', async () => {
    const res = await visitor('m10es').get('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es"');
    expect(decode(html)).toContain('<title>Compare planes de Medicare en español - Medicare Ten en Español</title>');
    const visible = text(html);
    for (const spanish of [
      'Sus opciones de Medicare, explicadas en español',
      'Saltar al contenido principal',
      // 'Llame ahora' while agents answer, 'Llamar' otherwise (Pacific hours).
      callHours('spanish', new Date(), null).label,
      'Guías populares',
      'Política de privacidad',
      'Términos de uso',
      'Tema de color',
      'Todos los derechos reservados.',
    ]) {
      expect(visible).toContain(spanish);
    }
    for (const english of [
      'Call now',
      'Skip to main content',
      'Popular guides',
      'Privacy policy',
      'Color theme',
      'All rights reserved',
      'Plans and benefits, explained',
    ]) {
      expect(visible).not.toContain(english);
    }
    expect(html).toContain('aria-label="Información legal"');
  });

  it('shows benefit codes as translated words, never raw codes', async () => {
    const html = await (await visitor('m10es').get('/get-yours-otc-es')).text();
    // The "benefits this page covers" list (src/ui/sections/benefits-covered.tsx).
    const tags = /<section class="benefits"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
    expect(decode(tags)).toContain('Asignación para productos de venta libre');
    expect(tags).not.toMatch(/>(otc|discounts|grocery|dental)</);
  });

  it('keeps the English home page on an English brand', async () => {
    const html = await (await visitor('bh').get('/')).text();
    expect(html).toContain('<html lang="en"');
    // The brand's own English headline (brands/bh.ts), escaped as React writes it.
    expect(html).toContain('Find the Medicare benefits you may be missing');
  });

  it('serves the Spanish brand its terms and privacy policy in Spanish, the English brands in English', async () => {
    const tos = decode(await (await visitor('m10es').get('/tos')).text());
    expect(tos).toContain('<html lang="es"');
    expect(tos).toContain('<article class="legal">');
    expect(tos).toContain('<h1>Términos de uso</h1>');
    expect(tos).toContain('Este sitio es un servicio gratuito de información y referencia.');
    expect(tos).not.toContain('This site is a free information');
    expect(tos).not.toContain('solo está disponible en inglés');
    const privacy = decode(await (await visitor('m10es').get('/privacy')).text());
    expect(privacy).toContain('<h1>Política de privacidad</h1>');
    expect(privacy).toContain('Sus derechos');
    const english = decode(await (await visitor('bh').get('/privacy')).text());
    expect(english).toContain('<h1>Privacy policy</h1>');
    expect(english).not.toContain('Sus derechos');
  });
});

describe('route validation (spec sections 4, 5 and 8)', () => {
  it("a page whose check fails is a 404 reading 'Page Not Found: {path}'; one whose check passes is served", async () => {
    const v = visitor('ac');
    const res = await v.get('/reviews/wp-login.php');
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain('Page Not Found: /reviews/wp-login.php');
    expect((await v.get('/reviews/old-review')).status).toBe(200);
    expect((await v.get('/reviews')).status).toBe(200);
  });
});
