import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../brands';
import { ROUTES, isServedFor } from '../../routes/registry';
import {
  AD_MEASUREMENT_CONSENT_VERSIONS,
  adSharingChoiceOf,
  adSharingLabel,
  CONSENT_GRACE_MS,
  CONSENT_TEXTS,
  CONSENT_VERSIONS,
  CURRENT_CONSENT_VERSIONS,
  consentStanding,
  consentDisclosure,
  consentParts,
  currentConsent,
  CURRENT_CONSENT_VERSION,
  sha256Hex,
  tpmoDisclaimer,
  tpmoDisclaimerVersion,
} from '.';

describe('consent disclosure', () => {
  it('names who may call, automated technology, no purchase condition and opt-out, in both languages', () => {
    const en = currentConsent('english', 'Benefit Helpers', 'auto');
    expect(en.text).toContain("Benefit Helpers and the companies on Benefit Helpers's partner list");
    expect(en.link).toEqual({ text: "Benefit Helpers's partner list", href: '/partners' });
    expect(en.text).toMatch(/automated technology/);
    expect(en.text).toMatch(/not a condition of any purchase/);
    expect(en.text).toMatch(/opt out/);
    const es = currentConsent('spanish', 'Benefit Helpers', 'life');
    expect(es.link?.href).toBe('/partners?lang=es');
    expect(es.text).toMatch(/tecnología automatizada/);
    expect(es.text).toMatch(/no es una condición de compra/);
    const parts = consentParts(en);
    expect(parts.before + parts.link + parts.after).toBe(en.text);
  });

  it('Medicare texts never say "marketing partners" and ask for a tick per company', () => {
    for (const language of ['english', 'spanish'] as const) {
      const text = currentConsent(language, 'Benefit Helpers', 'medicare').text;
      expect(text).not.toMatch(/marketing partners|socios de mercadeo/);
      expect(text).toMatch(language === 'english' ? /the companies I ticked/ : /las compañías que marqué/);
      expect(text).toMatch(language === 'english' ? /licensed agent/ : /agente/);
    }
  });

  it('a version that lets contact hashes go to ad platforms says so in words: Google, Meta, hashed email and phone, how to refuse', () => {
    expect(AD_MEASUREMENT_CONSENT_VERSIONS.size).toBeGreaterThan(0);
    for (const version of AD_MEASUREMENT_CONSENT_VERSIONS) {
      const en = consentDisclosure(version, 'english', 'X')?.text ?? '';
      expect(en).toMatch(
        /I also agree that X may send Google and Meta a scrambled \(hashed\) copy of my email and phone number/,
      );
      expect(en).toMatch(/Do Not Sell or Share/);
      const es = consentDisclosure(version, 'spanish', 'X')?.text ?? '';
      expect(es).toMatch(
        /acepto que X envíe a Google y a Meta una copia cifrada \(con hash\) de mi correo electrónico y mi número de teléfono/,
      );
      expect(es).toMatch(/No vender ni compartir/);
    }
    // Ad sharing is its own box now: no current text bundles it into pressing the button.
    for (const product of ['auto', 'life', 'medicare'] as const) {
      expect(AD_MEASUREMENT_CONSENT_VERSIONS.has(currentConsent('english', 'X', product).version)).toBe(false);
      expect(currentConsent('english', 'X', product).text).not.toMatch(/Google|Meta/);
    }
  });

  it('the ad-sharing box names the platforms and what they get, in both languages; Medicare names Google only', () => {
    expect(adSharingLabel('auto', 'english', 'X')).toBe(
      'Let X tell Google and Meta that I came from their ad, with a scrambled (hashed) copy of my email and phone, to measure its ads.',
    );
    expect(adSharingLabel('life', 'spanish', 'X')).toMatch(
      /^Permito que X informe a Google y a Meta .*copia cifrada \(con hash\)/,
    );
    expect(adSharingLabel('medicare', 'english', 'X')).toMatch(/tell Google that .* Meta is told nothing\.$/);
    expect(adSharingLabel('medicare', 'spanish', 'X')).toMatch(/A Meta no se le informa nada\.$/);
    // Unticked is "no" only where the box was shown; a page without it answered nothing.
    expect(adSharingChoiceOf({ adSharingAsked: 'yes', adSharing: 'yes' })).toBe('yes');
    expect(adSharingChoiceOf({ adSharingAsked: 'yes' })).toBe('no');
    expect(adSharingChoiceOf({})).toBeNull();
  });

  it('a published text is never edited: every version keeps the exact template it was published with', async () => {
    const published: Record<string, Record<'english' | 'spanish', string>> = {
      '2026-11-01': {
        english: 'd167ab6e07e4f5e3bee4fbdc2b6cfb9a5848c2b092cbde011b724c01359dcb34',
        spanish: 'e8399f553ca29f419c4d7f4b79851164aa08e30811b759fc786d48bf318f1ac4',
      },
      '2026-12-01': {
        english: 'ae7cb5520d5b83eb2a3e2e5e55b13470118ffca25e9446919aec9643fd14a382',
        spanish: '32f9d46a7b8e3415c5d784d51b69f4d46fa8d3a24e92b61410bffbeb54edc7f2',
      },
      '2026-12-20': {
        english: 'ea299366ec0218899efd09d109257432002b9729200dcd91c9b43d13484e5eca',
        spanish: 'a66ca0169516413954e610cd21127ce716b9b33eb35151d0be7c812d18e67e8b',
      },
      // The 2026-12-01 words again, under the version that shows the ad-sharing box beside them.
      '2026-12-28': {
        english: 'ae7cb5520d5b83eb2a3e2e5e55b13470118ffca25e9446919aec9643fd14a382',
        spanish: '32f9d46a7b8e3415c5d784d51b69f4d46fa8d3a24e92b61410bffbeb54edc7f2',
      },
      // The 2026-12-28 words with the button called "Send my request" / "Enviar mi solicitud".
      '2026-12-30': {
        english: '8879a3a356193dfa1f45e44c51a2fb3be26da2ff9169329cecfa856cd9bda2d0',
        spanish: 'ba5f27e6df114bc514c2b62715218aca43a203d531ff73741a49dd207c256663',
      },
      '2026-12-01-medicare': {
        english: 'b750b2a9cd4d3abefd76db34cb6b8a9e395a9f0985b53af822e7417b29a8e854',
        spanish: 'cb4eadfcc2713f45981bdb9cc1051084c560d9ccf869cd8efb705e399508ed7b',
      },
      '2026-12-15-medicare': {
        english: '4f1364fde1e41498c5ae06510b1e1a48480d93c92a26960a064a8b24315049c3',
        spanish: 'fae3fb4e66bf8f56af2742f29e1bacb81793ecc1dcaee4af95309099cf4e9188',
      },
      '2026-12-22-medicare': {
        english: 'eb93794545e5202433d809ed7a6dfabc151d82c5964da28f701f4ed1f3347769',
        spanish: '6fa7b421ce06203b9cff28114b4e19937f6c61eed42b6dc08b73912ad353573b',
      },
    };
    expect(Object.keys(CONSENT_TEXTS).sort()).toEqual(Object.keys(published).sort());
    for (const [version, hashes] of Object.entries(published)) {
      for (const language of ['english', 'spanish'] as const) {
        expect(await sha256Hex(CONSENT_TEXTS[version]?.[language] ?? ''), `${version} ${language}`).toBe(
          hashes[language],
        );
      }
    }
  });

  it('each version names, in quotes, the button the form shows with it; Medicare asks for a licensed agent', () => {
    for (const version of Object.keys(CONSENT_TEXTS)) {
      for (const language of ['english', 'spanish'] as const) {
        const disclosure = consentDisclosure(version, language, 'X');
        expect(disclosure?.text, `${version} ${language}`).toContain(`"${disclosure?.action ?? '?'}"`);
      }
    }
    expect(currentConsent('english', 'X', 'medicare').action).toBe('Talk to a licensed agent');
    expect(currentConsent('spanish', 'X', 'medicare').action).toBe('Hablar con un agente');
    expect(currentConsent('english', 'X', 'auto').action).toBe('Send my request');
    expect(currentConsent('spanish', 'X', 'life').action).toBe('Enviar mi solicitud');
    // The boxes are found by the company's name, wherever the layout puts them.
    expect(currentConsent('english', 'X', 'medicare').text).not.toMatch(/\b(below|above)\b/);
  });

  it('hashes the exact text shown; unknown versions have no text; old versions still resolve', async () => {
    expect(Object.keys(CONSENT_TEXTS)).toContain(CURRENT_CONSENT_VERSION);
    expect(consentDisclosure(CURRENT_CONSENT_VERSION, 'english', 'X')?.text).toContain('X and its marketing partners');
    expect(consentDisclosure('1999-01-01', 'english', 'X')).toBeUndefined();
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const a = await sha256Hex(currentConsent('english', 'Brand A').text);
    const b = await sha256Hex(currentConsent('english', 'Brand B').text);
    expect(a).not.toBe(b);
  });
});

describe('consent versions over time', () => {
  it('every published version has a record; the current ones alone are not superseded', () => {
    expect(Object.keys(CONSENT_VERSIONS).sort()).toEqual(Object.keys(CONSENT_TEXTS).sort());
    const current = new Set<string>(Object.values(CURRENT_CONSENT_VERSIONS));
    for (const [version, record] of Object.entries(CONSENT_VERSIONS))
      expect(record.supersededAt === null, version).toBe(current.has(version));
  });

  it('the version before is accepted for the grace window after its successor, then no longer; never for another product', () => {
    const at = Date.parse(CONSENT_VERSIONS['2026-12-15-medicare']?.supersededAt ?? '');
    expect(consentStanding('2026-12-22-medicare', 'medicare', new Date(at + 10 * CONSENT_GRACE_MS))).toBe('current');
    expect(consentStanding('2026-12-15-medicare', 'medicare', new Date(at + CONSENT_GRACE_MS))).toBe('grace');
    expect(consentStanding('2026-12-15-medicare', 'medicare', new Date(at + CONSENT_GRACE_MS + 1))).toBe('stale');
    expect(consentStanding('2026-12-15-medicare', 'auto', new Date(at))).toBe('stale');
    expect(consentStanding('1999-01-01', 'medicare', new Date(at))).toBe('stale');
    expect(consentStanding(null, 'medicare', new Date(at))).toBe('stale');
    expect(CONSENT_GRACE_MS).toBe(24 * 60 * 60 * 1000);
  });
});

describe('TPMO disclaimer', () => {
  it('uses the contract-year 2027 wording from 1 October 2026 (no SHIP referral) and the older one before', () => {
    expect(tpmoDisclaimerVersion(new Date('2026-10-01T00:00:00Z')).version).toBe('tpmo-2026-10-01');
    expect(tpmoDisclaimerVersion(new Date('2026-09-30T23:59:59Z')).version).toBe('tpmo-2024-10-01');
    const en = tpmoDisclaimer({ organizations: 9, products: 64 }, 'english', new Date('2026-11-23T00:00:00Z'));
    expect(en.text).toBe(
      'We do not offer every plan available in your area. Currently we represent 9 organizations which offer 64 products in your area. Please contact Medicare.gov or 1-800-MEDICARE to get information on all of your options.',
    );
    expect(en.agentNotice).toMatch(/licensed insurance agent who will contact you/);
    const es = tpmoDisclaimer({ organizations: 9, products: 64 }, 'spanish', new Date('2026-11-23T00:00:00Z'));
    expect(es.text).toContain('Actualmente representamos 9 organizaciones que ofrecen 64 productos');
    expect(es.text).not.toMatch(/SHIP/);
  });

  it('every brand that serves a Medicare page has sellers and disclaimer counts', () => {
    for (const brand of BRANDS) {
      const servesMedicare = ROUTES.some(
        (r) =>
          r.config.product === 'medicare' &&
          r.config.template !== 'legal' &&
          r.name !== 'index' &&
          isServedFor(r, brand.id),
      );
      if (servesMedicare) expect(brand.consent.medicare?.sellers.length, brand.id).toBeGreaterThanOrEqual(1);
    }
  });
});
