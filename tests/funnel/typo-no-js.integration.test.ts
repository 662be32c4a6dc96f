import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { CURRENT_CONSENT_VERSIONS } from '../../src/shared/consent';
import { decode, leadsOf, visitor, type Visitor } from '../support/funnel';

/**
 * A typo without JavaScript (src/shared/forms/typed-contact.ts): the contact step posted as a
 * plain form with a phone, email or date of birth typed wrong is answered with the same step
 * (400), the value as typed in its field (never in the address), the message beside it, the focus
 * on it, the company ticked still ticked, and "Continue without …"; no lead is written. Fixed,
 * or posted with that button, the step goes on. With agents away and no company ticked, no
 * call-back screen comes between the step and the finish (nobody would make that call).
 */
const seller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';
const STAFFED = { 'x-dev-clock': '2025-06-10T18:00:00.000Z' };
const AWAY = { 'x-dev-clock': '2025-06-16T02:00:00.000Z', 'x-dev-time-zone': 'America/New_York' };

function postForm(v: Visitor, path: string, fields: Record<string, string>, headers: Record<string, string> = STAFFED) {
  return v.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function reasonsOf(v: Visitor): Promise<string> {
  const row = await env.DB.prepare('SELECT partial_reasons AS r FROM leads WHERE visitor_id = ?')
    .bind(v.id)
    .first<{ r: string | null }>();
  return row?.r ?? '';
}

const medicare = (fields: Record<string, string>) => ({
  submissionId: crypto.randomUUID(),
  consentVersion: CURRENT_CONSENT_VERSIONS.medicare,
  ...fields,
});

describe('a typo without JavaScript', () => {
  it('a phone one digit short: the step again as typed, the company still ticked, and no lead', async () => {
    const v = visitor('bh');
    const res = await postForm(
      v,
      '/get-yours-otc/contact',
      medicare({ phone: '305555012', email: '', [`consentSeller:${seller}`]: 'yes' }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const html = decode(await res.text());
    expect(html).toContain('Enter a 10-digit phone number, like (555) 555-5555.');
    expect(html).toMatch(
      /<input[^>]*autofocus=""[^>]*name="phone"[^>]*value="305555012"|<input[^>]*name="phone"[^>]*autofocus=""[^>]*value="305555012"/,
    );
    expect(html).toContain(`name="consentSeller:${seller}" checked=""`);
    expect(html).toContain('value="without"');
    expect(html).toContain('Continue without a phone number');
    expect(await leadsOf(v.id)).toHaveLength(0);
  });

  it('fixed, the lead carries the phone and the company tick', async () => {
    const v = visitor('bh');
    await postForm(v, '/get-yours-otc/contact', medicare({ phone: '305555012', [`consentSeller:${seller}`]: 'yes' }));
    const res = await postForm(
      v,
      '/get-yours-otc/contact',
      medicare({ phone: '3055550123', [`consentSeller:${seller}`]: 'yes' }),
    );
    expect(res.status).toBe(303);
    const [lead] = await leadsOf(v.id);
    expect(JSON.parse(lead?.values ?? '{}')).toMatchObject({ phone: '(305) 555-0123' });
    expect(await reasonsOf(v)).not.toContain('no_company');
  });

  it('"Continue without an email": the step goes on, the lead stored without it, the phone kept', async () => {
    const v = visitor('bh');
    const res = await postForm(
      v,
      '/get-yours-otc/contact',
      medicare({ phone: '3055550124', email: 'ada@example', _action: 'without' }),
    );
    expect(res.status).toBe(303);
    const [lead] = await leadsOf(v.id);
    const values = JSON.parse(lead?.values ?? '{}') as Record<string, unknown>;
    expect(values.phone).toBe('(305) 555-0124');
    expect(values.email).toBeUndefined();
    const finish = decode(await (await v.get(res.headers.get('location') ?? '/')).text());
    expect(finish).toContain('data-phone-given="yes"');
  });

  it('in Spanish: the email refused with the message in the page language', async () => {
    const v = visitor('m10es');
    const res = await postForm(v, '/get-yours-otc-es/contact', {
      submissionId: crypto.randomUUID(),
      consentVersion: CURRENT_CONSENT_VERSIONS.medicare,
      phone: '3055550126',
      email: 'ana@ejemplo',
    });
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain('Escriba un correo electrónico como nombre@ejemplo.com.');
    expect(html).toContain('Continuar sin correo electrónico');
    expect(html).toContain('value="ana@ejemplo"');
  });

  it('a date of birth that does not exist: refused; gone on without, the step moves on without it', async () => {
    const v = visitor('bh');
    const fields = { dateOfBirthMonth: '2', dateOfBirthDay: '30', dateOfBirthYear: '1950' };
    const res = await postForm(v, '/get-life-now/about', { submissionId: crypto.randomUUID(), ...fields });
    expect(res.status).toBe(400);
    const html = decode(await res.text());
    expect(html).toContain('Enter the date of birth: month, day and 4-digit year.');
    expect(html).toContain('value="30"');
    const on = await postForm(v, '/get-life-now/about', {
      submissionId: crypto.randomUUID(),
      ...fields,
      _action: 'without',
    });
    expect(on.status).toBe(303);
    expect(on.headers.get('location')).toBe('/get-life-now/name');
  });

  it('agents away and no company ticked: no call-back screen, the lead is recorded at once', async () => {
    const v = visitor('bh');
    const res = await postForm(v, '/get-yours-otc/contact', medicare({ phone: '3055550125' }), AWAY);
    expect(res.status).toBe(303);
    expect(await leadsOf(v.id)).toHaveLength(1);
    expect(await reasonsOf(v)).toContain('no_company');
  });
});
