import { describe, expect, it } from 'vitest';
import { formMessages } from '../../src/shared/forms/messages';
import { t } from '../../src/ui/i18n';
import { CALLBACK_COPY } from '../../src/ui/islands/quote-form/callback-copy';
import { AD_LISTING_COPY } from '../../src/ui/islands/ad-listing/copy';
import { callbackLabel } from '../../src/worker/hours/callback-api';

/**
 * Spanish pages read in Spanish: every string of the chrome's tables (templates, form, call-back
 * screen, offer listing) has its own Spanish words, none the English left as it was, and no
 * English time-zone abbreviation ("ET", "PT") reaches a Spanish reader, in the tables or in the
 * call-back times the Worker writes.
 */
const TABLES = {
  templates: { english: t('english'), spanish: t('spanish') },
  form: { english: formMessages('english'), spanish: formMessages('spanish') },
  callback: CALLBACK_COPY,
  offers: AD_LISTING_COPY,
} as const;

/** Words the same in both languages. */
const SAME_IN_BOTH = new Set(['TTY 711', '']);
const ZONE_ABBREVIATION = /\b(?:ET|CT|MT|PT|AKT|HT|EST|EDT|PST|PDT)\b/;

describe('Spanish copy', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: every Spanish string is Spanish, not the English left in place`, () => {
      const english = table.english as Record<string, unknown>;
      const spanish = table.spanish as Record<string, unknown>;
      expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
      const leftovers = Object.keys(english).filter((key) => {
        const en = english[key];
        const es = spanish[key];
        return typeof en === 'string' && en === es && !SAME_IN_BOTH.has(en);
      });
      expect(leftovers).toEqual([]);
      const abbreviated = Object.values(spanish).filter((v) => typeof v === 'string' && ZONE_ABBREVIATION.test(v));
      expect(abbreviated).toEqual([]);
    });
  }

  it('call-back times name the zone in words in Spanish, abbreviated in English', () => {
    const at = new Date('2026-11-27T13:00:00Z');
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']) {
      const spanish = callbackLabel('spanish', zone, at);
      expect(spanish, zone).not.toMatch(ZONE_ABBREVIATION);
      expect(spanish, zone).toMatch(/hora/);
    }
    expect(callbackLabel('spanish', 'America/New_York', at)).toBe('vie, 27 de nov, 8:00 a.m. hora oriental');
    expect(callbackLabel('english', 'America/New_York', at)).toBe('Fri, Nov 27, 8:00 AM ET');
  });
});
