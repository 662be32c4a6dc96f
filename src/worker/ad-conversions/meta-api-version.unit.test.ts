import { describe, expect, it } from 'vitest';
import { META_API, META_API_VERSION, metaApiVersionSupported } from './meta-api-version';
import { leadEventRequest } from './meta-capi';

/**
 * The Conversions API is called on a Marketing API version inside Meta's support window. This test
 * reads today's date on purpose: the day the pinned version ages out, it fails, so the version is
 * raised before Meta refuses our events.
 */
describe('Meta API version', () => {
  it('is inside Marketing API support today', () => {
    expect(metaApiVersionSupported(new Date())).toBe(true);
  });

  it('knows an old version is out of support', () => {
    const released = Date.parse(`${META_API.releasedOn}T00:00:00Z`);
    expect(metaApiVersionSupported(new Date(released + 364 * 86_400_000))).toBe(true);
    expect(metaApiVersionSupported(new Date(released + 366 * 86_400_000))).toBe(false);
  });

  it('is the version every request goes to', () => {
    const request = leadEventRequest(
      { baseUrl: 'https://graph.facebook.com', pixelId: '1', accessToken: 't' },
      {
        eventId: 'e',
        at: new Date(),
        clickSeenAt: new Date(),
        clickIds: { fbclid: 'x' },
        sourceUrl: 'https://example.com/a',
        clientIp: '203.0.113.9',
        clientUserAgent: 'UA',
        valueUsd: 1,
        emailSha256: null,
        phoneSha256: null,
        stateCode: null,
      },
    );
    expect(request?.url).toBe(`https://graph.facebook.com/${META_API_VERSION}/1/events`);
  });
});
