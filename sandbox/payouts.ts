import { createHmac, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';

/**
 * The partners' side of payout postbacks: `POST /__sandbox/payout` makes the sandbox act as
 * MediaAlpha or QuoteWizard reporting a payout to the Worker, signed with its time as Stripe signs
 * webhooks (`X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the form
 * docs/decisions/0255-postbacks-signed-with-their-time.md cites). `signedAt` (ISO) signs at
 * another time, to show the Worker refusing a stale or future one. The secret is the request's, else
 * the sandbox's POSTBACK_SECRET_<PARTNER> environment variable, else the development value of
 * .dev.vars.example, so `npm start` works with no setup. Answers with the Worker's status and body.
 */
const DEV_SECRETS: Record<string, string> = {
  mediaalpha: 'local-postback-secret-mediaalpha',
  quotewizard: 'local-postback-secret-quotewizard',
};

const payoutRequest = z.strictObject({
  worker: z.url(),
  partner: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/),
  secret: z.string().min(1).optional(),
  signedAt: z.iso.datetime({ offset: true }).optional(),
  postback: z.strictObject({
    conversion_id: z.string().min(1).optional(),
    type: z.enum(['call', 'click', 'lead']),
    payout: z.number(),
    at: z.string().optional(),
    adjusted_at: z.string().optional(),
    phone: z.string().optional(),
    ref: z.string().optional(),
  }),
});

export function signPostback(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function payoutRoutes() {
  const app = new Hono();
  app.post('/payout', async (c) => {
    const parsed = payoutRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: parsed.error.issues }, 400);
    const { worker, partner, postback, signedAt } = parsed.data;
    const secret =
      parsed.data.secret ??
      process.env[`POSTBACK_SECRET_${partner.toUpperCase().replace(/-/g, '_')}`] ??
      DEV_SECRETS[partner] ??
      '';
    const body = JSON.stringify({
      conversion_id: postback.conversion_id ?? `${partner}-${randomUUID()}`,
      type: postback.type,
      payout: postback.payout,
      at: postback.at ?? new Date().toISOString(),
      ...(postback.adjusted_at ? { adjusted_at: postback.adjusted_at } : {}),
      ...(postback.phone ? { phone: postback.phone } : {}),
      ...(postback.ref ? { ref: postback.ref } : {}),
    });
    const response = await fetch(`${worker.replace(/\/$/, '')}/api/postback/${partner}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': signPostback(secret, body, signedAt ? new Date(signedAt) : undefined),
      },
      body,
    });
    return c.json({
      status: response.status,
      body: (await response.json().catch(() => null)) as unknown,
      sent: JSON.parse(body) as unknown,
    });
  });
  return app;
}
