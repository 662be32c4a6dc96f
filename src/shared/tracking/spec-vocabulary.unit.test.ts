import { describe, expect, it } from 'vitest';
import {
  SPEC_EVENTS,
  SPEC_PAID_CLICK_IDS,
  SPEC_PERSONAL_QUERY_FIELDS,
  SPEC_TRACKED_PARAMS,
} from '../../../tests/support/spec';
import { PERSONAL_QUERY_FIELDS } from '../personal-fields';
import { isSpecEventName } from './event-names';
import { isPaidTraffic } from './paid-traffic';
import { pickUrlParams, TRACKED_PARAMS } from './session-params';

/**
 * The product's tracking vocabulary against the spec's lists, written in tests/support/spec.ts
 * from the spec text: a name the product drops or adds fails here.
 */
describe("tracking vocabulary is the spec's", () => {
  it('tracks exactly the session parameters of spec section 3', () => {
    expect([...TRACKED_PARAMS].sort()).toEqual([...SPEC_TRACKED_PARAMS].sort());
    const search = new URLSearchParams(SPEC_TRACKED_PARAMS.map((name) => [name, `v-${name}`]));
    expect(Object.keys(pickUrlParams(search)).sort()).toEqual([...SPEC_TRACKED_PARAMS].sort());
  });

  it('marks paid traffic for each click id of rule (a), and for no other tracked parameter', () => {
    for (const name of SPEC_TRACKED_PARAMS) {
      const params = { [name]: 'x'.repeat(20), utm_campaign: 'c' };
      const expected =
        (SPEC_PAID_CLICK_IDS as readonly string[]).includes(name) || name === 'gbraid' || name === 'utm_campaign';
      // utm_campaign alone with a long value is no click id: only the ids and gbraid count.
      if (name === 'utm_campaign') expect(isPaidTraffic({ utm_campaign: 'x'.repeat(20) }), name).toBe(false);
      else expect(isPaidTraffic(params), name).toBe(expected);
    }
  });

  it('accepts exactly the events of spec section 7 from a page', () => {
    for (const name of SPEC_EVENTS) expect(isSpecEventName(name), name).toBe(true);
    for (const name of ['leadCreated', 'rateLimited', 'pageview', 'formSubmitted'])
      expect(isSpecEventName(name), name).toBe(false);
  });

  it('removes exactly the personal fields of spec section 2 from the address', () => {
    expect([...PERSONAL_QUERY_FIELDS].sort()).toEqual([...SPEC_PERSONAL_QUERY_FIELDS].sort());
  });
});
