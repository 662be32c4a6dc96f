import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListingAd } from '../../../shared/ads/listing-ad';
import type { CallHours } from '../../../shared/phone/call-hours';
import { callHoursHour } from '../../../shared/phone/copy-hour';
import { AdListing, agentsAnswer, offersToShow } from './index';

const ads: ListingAd[] = [
  {
    type: 'click',
    click_url: 'https://carrier.test/quote?ref=a',
    logo_url: 'https://cdn.test/a.svg',
    ref: 'a',
    pixels: ['https://px.test/a'],
    headline: 'Compare plans in your area',
    description: 'Licensed agents.',
  },
  {
    type: 'call',
    click_url: 'https://carrier.test/call',
    logo_url: 'https://cdn.test/b.svg',
    ref: 'b',
    phone_number: '+18335552002',
  },
];

describe('AdListing server render', () => {
  it('renders an accessible loading state before the offers arrive', () => {
    const html = renderToString(createElement(AdListing, { product: 'medicare', page: 'clicks', language: 'english' }));
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading offers');
  });

  it('renders given offers: logo with alt, headline, a safe click link and a tel link for call ads', () => {
    const html = renderToString(
      createElement(AdListing, { product: 'medicare', page: 'clicks', language: 'english', initialAds: ads }),
    );
    expect(html).toContain('<ol class="ad-listing__list">');
    expect(html).toContain('alt="Insurer logo: Compare plans in your area"');
    expect(html).toContain('alt="Insurer logo"');
    expect(html).toContain('<h3 class="ad-listing__headline">Compare plans in your area</h3>');
    expect(html).toContain(
      'href="https://carrier.test/quote?ref=a" target="_blank" rel="noopener noreferrer sponsored"',
    );
    expect(html).toContain('href="tel:+18335552002"');
    expect(html).toContain('1-833-555-2002');
  });

  it('says so when there are no offers, in the page language', () => {
    const html = renderToString(
      createElement(AdListing, { product: 'auto', page: 'clicks-auto', language: 'spanish', initialAds: [] }),
    );
    expect(html).toContain('No hay ofertas disponibles');
    expect(html).not.toContain('<ol');
  });
});

describe('offers outside working hours', () => {
  it('keeps call offers while agents answer and drops them when closed', () => {
    expect(offersToShow(ads, true).map((ad) => ad.ref)).toEqual(['a', 'b']);
    expect(offersToShow(ads, false).map((ad) => ad.ref)).toEqual(['a']);
  });
});

describe("whether agents answer, on the visitor's device", () => {
  // Sunday 2025-06-15 10:00 PDT: closed (spec section 4).
  const sunday = new Date('2025-06-15T17:00:00Z');
  const copy = (hour: number, open: boolean): CallHours => ({ open, hour, label: 'Call now', line: '', short: '' });

  it("in the hour the page's copy is for, reads its flag: no time-zone work in the browser", () => {
    expect(agentsAnswer(copy(callHoursHour(sunday), true), sunday, null)).toBe(true);
    expect(agentsAnswer(copy(callHoursHour(sunday), false), new Date(sunday.getTime() + 3_599_999), null)).toBe(false);
  });

  it('in another hour, or with no copy, works it out in Pacific time', () => {
    expect(agentsAnswer(copy(callHoursHour(sunday) - 1, true), sunday, null)).toBe(false);
    expect(agentsAnswer(null, sunday, null)).toBe(false);
    // Tuesday 2025-06-10 10:00 PDT: open.
    expect(agentsAnswer(null, new Date('2025-06-10T17:00:00Z'), null)).toBe(true);
  });
});
