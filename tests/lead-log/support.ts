import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { brandByCode } from '../../brands';
import { finishMedicare, leadOf } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { sandboxScope, type SandboxScope } from '../support/sandbox';

/** The lead log as the Worker reaches it (src/worker/lead-log/log-stub.ts). */
export const log = () => env.LEAD_LOG.get(env.LEAD_LOG.idFromName('lead-log/v1'));

export const firstSeller = brandByCode('bh')?.consent.medicare?.sellers[0] ?? { id: '', name: '' };

export interface Inclusion {
  certificate_id: string;
  status: string;
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  audit_path: string[];
  sth: string;
}

/** A real Medicare lead through the funnel, with its certificate id and JWS as the Worker serves them. */
export async function certifiedLead(): Promise<{ v: Visitor; sb: SandboxScope; id: string; jws: string }> {
  const sb = sandboxScope();
  const v = visitor('bh', { ip: sb.ip });
  await finishMedicare(v, [firstSeller.id]);
  const lead = await leadOf(v.id);
  const id = lead.certificate_id ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const res = await v.fetch(`/certificates/${id}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  const { jws } = await res.json<{ jws: string }>();
  return { v, sb, id, jws };
}

/** The certificate's inclusion proof once a head covers it: appends what is queued and signs a head. */
export async function includedProof(v: Visitor, id: string): Promise<Inclusion> {
  const res = await pollUntil(
    async () => {
      await log().poke();
      await log().signHead();
      const r = await v.get(`/certificates/${id}/inclusion`);
      return { status: r.status, body: await r.json<Inclusion>() };
    },
    (r) => r.status === 200,
    30_000,
  );
  expect(res.status).toBe(200);
  return res.body;
}

export async function jwks(v: Visitor): Promise<{ keys: { kid: string; kty: string; crv: string; x: string }[] }> {
  const res = await v.get('/.well-known/lead-certificates.json');
  return res.json();
}

/** The buyer's guide script (docs/buyers/verify-lead.mjs) run by Node on the bundle, as a buyer runs it. */
export async function verifyOffline(sb: SandboxScope, bundle: unknown): Promise<{ code: number; output: string }> {
  const res = await fetch(`${sb.origin}/buyer/verify-offline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bundle),
  });
  expect(res.status).toBe(200);
  return res.json();
}

export const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16));
