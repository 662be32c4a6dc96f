/**
 * Public consent and privacy routes on every brand host: the consent text catalog,
 * the certificate keys, certificates, the /partners page and the do-not-sell page.
 */
import { Hono, type Context } from 'hono';
import { base64UrlToText } from '../../shared/base64url';
import { renderCertificatePage, type CertificateView } from '../../ui/consent/certificate-page';
import { renderDoNotSellPage, renderPartnersPage } from '../../ui/consent/privacy-pages';
import type { AppEnv } from '../env';
import { ApiError } from '../http-error';
import { catalogText } from './catalog';
import { archivedCertificate } from '../lead-archive/read';
import { certificateJws, publishedKeys } from './certificate';
import { certificateMatch } from './certificate-match';
import { recordDoNotSell } from './do-not-sell';
import { chrome, languageOf } from './page-chrome';
import { snapshotRoutes } from './snapshot-routes';
import { yourData } from './your-data';
import { logStatus } from '../lead-log/log-status';

export const consentApp = new Hono<AppEnv>();
// A buyer's check of a phone or email against a certificate's lead; the visitor's own data page.
consentApp.route('/', certificateMatch);
consentApp.route('/', yourData);
// The consent step as served, by its hash and by certificate (answers only to the lead's holder).
consentApp.route('/', snapshotRoutes);

const SHA256 = /^[0-9a-f]{64}$/;
const CERTIFICATE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

consentApp.get('/api/consent-texts/:sha256', async (c) => {
  const sha256 = c.req.param('sha256').toLowerCase();
  if (!SHA256.test(sha256))
    throw new ApiError(400, 'invalid_hash', 'A consent text is named by the 64 hex characters of its SHA-256');
  const text = await catalogText(c.env.DB, sha256);
  if (!text) throw new ApiError(404, 'not_found', 'No consent text has this SHA-256');
  // A catalog entry never changes: cacheable for good.
  return c.json(text, 200, { 'cache-control': 'public, max-age=86400, immutable', 'access-control-allow-origin': '*' });
});

consentApp.get('/.well-known/lead-certificates.json', async (c) => {
  const keys = await publishedKeys(c.env);
  return c.json({ keys }, 200, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' });
});

function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

function payloadOf(jws: string): CertificateView['payload'] {
  try {
    const value: unknown = JSON.parse(base64UrlToText(jws.split('.')[1] ?? '') ?? '');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

consentApp.get('/certificates/:id', async (c) => {
  const id = c.req.param('id').toLowerCase();
  // A lead past its delivery window has moved to R2 with its certificate.
  const jws = CERTIFICATE_ID.test(id)
    ? ((await certificateJws(c.env.DB, id)) ?? (await archivedCertificate(c.env.ARCHIVE, id))?.jws ?? null)
    : null;
  const headers = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };
  if (!jws) {
    if (wantsJson(c)) throw new ApiError(404, 'not_found', 'No certificate has this id');
    return c.notFound();
  }
  // Where it stands in the public log, in the JSON and on the page alike: `pending` until a signed
  // head covers it (the proof is at `inclusion`).
  const log = await logStatus(c.env, id);
  if (wantsJson(c)) {
    return c.json(
      { jws, log: { status: log.status, inclusion: new URL(`/certificates/${id}/inclusion`, c.req.url).href } },
      200,
      headers,
    );
  }
  const payload = payloadOf(jws);
  const sha256 = typeof payload.consent?.sha256 === 'string' ? payload.consent.sha256 : null;
  const text = sha256 ? await catalogText(c.env.DB, sha256) : null;
  const stream = await renderCertificatePage({
    brand: c.var.brand,
    nonce: c.var.nonce,
    view: { id, jws, payload, consentText: text?.text ?? null, log },
  });
  return c.body(stream, 200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
});

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };

consentApp.get('/partners', async (c) => c.body(await renderPartnersPage(chrome(c, 'partners')), 200, HTML));

consentApp.get('/do-not-sell', async (c) => {
  const received = c.req.query('received');
  const reference = received && CERTIFICATE_ID.test(received) ? received : null;
  return c.body(
    await renderDoNotSellPage({
      ...chrome(c, 'do-not-sell'),
      received: reference,
      invalid: false,
      values: { email: '', phone: '' },
    }),
    200,
    HTML,
  );
});

consentApp.post('/do-not-sell', async (c) => {
  let form: Record<string, unknown> = {};
  try {
    form = await c.req.parseBody();
  } catch {
    form = {};
  }
  const email = typeof form.email === 'string' ? form.email.slice(0, 256) : '';
  const phone = typeof form.phone === 'string' ? form.phone.slice(0, 32) : '';
  const stored = await recordDoNotSell(c, { email, phone });
  if (!stored) {
    // Nothing usable: the form again with the message and what was typed (never in the URL).
    return c.body(
      await renderDoNotSellPage({
        ...chrome(c, 'do-not-sell'),
        received: null,
        invalid: true,
        values: { email, phone },
      }),
      400,
      HTML,
    );
  }
  const lang = languageOf(c) === 'spanish' ? 'lang=es&' : '';
  return c.redirect(`/do-not-sell?${lang}received=${stored}`, 303);
});
