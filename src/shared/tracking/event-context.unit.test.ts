import { describe, expect, it } from 'vitest';
import { analyticsCookies, buildEventContext, type EventContextInput } from './event-context';
import { eventPropertiesSchema } from './event-schema';

const input: EventContextInput = {
  id: '6f1c2d1e-8a4b-4c3d-9e2f-0a1b2c3d4e5f',
  now: new Date('2026-11-21T10:00:00.000Z'),
  brand: { id: 'bh', name: 'Benefit Helpers' },
  userId: '0b6f3c2e-1d4a-4f5b-8c7d-9e0f1a2b3c4d',
  session: { id: 'sess_1234567890', paid: true, urlParams: { gclid: 'g'.repeat(20), utm_campaign: 'spring' } },
  page: {
    name: 'get-yours-otc',
    smid: '123',
    title: 'OTC',
    product: 'medicare',
    benefits: [],
    planTypes: [],
    language: 'english',
    template: 'advertorial',
  },
  href: 'https://benefithelpers.com/get-yours-otc/zip?afid=aff7&utm_medium=cpc&firstname=Ada&email=a%40b.co#top',
  cookieHeader: '_ga=GA1.1.1.2; _ga_ABC123=GS1.1.x; _fbp=fb.1.2.3; qf_aid=secret; other=1',
  botDetection: { bot: false, signals: [] },
  ipQuality: null,
  userAgent: 'Mozilla/5.0',
};

describe('event context (spec section 3)', () => {
  const context = buildEventContext(input);

  it('carries id, ISO time, brand, user, session and page', () => {
    expect(context.id).toBe(input.id);
    expect(context.time).toBe('2026-11-21T10:00:00.000Z');
    expect(context.brand).toEqual({ id: 'bh', name: 'Benefit Helpers' });
    expect(context.userId).toBe(input.userId);
    expect(context.session).toEqual(input.session);
    expect(context.page.name).toBe('get-yours-otc');
  });

  it('takes the url without personal fields', () => {
    expect(context.url).toEqual({
      href: 'https://benefithelpers.com/get-yours-otc/zip?afid=aff7&utm_medium=cpc#top',
      search: '?afid=aff7&utm_medium=cpc',
      pathname: '/get-yours-otc/zip',
    });
    expect(JSON.stringify(context)).not.toMatch(/Ada|a%40b/);
  });

  it('merges the session parameters with the current address and derives the phone rule', () => {
    expect(context.urlParams).toEqual({
      gclid: 'g'.repeat(20),
      utm_campaign: 'spring',
      afid: 'aff7',
      utm_medium: 'cpc',
    });
    expect(context.phoneRule).toEqual({ afid: 'aff7' });
  });

  it('keeps only the analytics cookies (_ga, _ga_{measurementId}, _fbp)', () => {
    expect(context.cookies).toEqual({ _ga: 'GA1.1.1.2', _ga_ABC123: 'GS1.1.x', _fbp: 'fb.1.2.3' });
  });

  it('reads analytics cookies as the cookie parser does: quotes dropped, bad values skipped, the first of a name wins', () => {
    const header = 'x_ga=1; _ga = "GA1.2.3.4" ; _ga=GA9; _fbp=a b; _fbp=fb.1; _ga_=2; _gax=3';
    expect(analyticsCookies(header)).toEqual({ _ga: 'GA1.2.3.4', _fbp: 'fb.1' });
  });

  it('passes the event schema the API applies', () => {
    expect(eventPropertiesSchema.safeParse(context).success).toBe(true);
  });

  it('has no afid when the address has none', () => {
    expect(buildEventContext({ ...input, href: 'https://benefithelpers.com/' }).phoneRule).toEqual({ afid: null });
  });
});
