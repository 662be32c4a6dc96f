import { describe, expect, it } from 'vitest';
import { eventSourceUrl } from './meta-capi';
import { dataProcessingOptions } from './meta-ldu';

describe('Limited Data Use by the visitor state', () => {
  it('California: LDU with country 1 and state 1000, as Meta documents', () => {
    expect(dataProcessingOptions('CA')).toEqual({
      data_processing_options: ['LDU'],
      data_processing_options_country: 1,
      data_processing_options_state: 1000,
    });
  });

  it('another state Meta covers, or an unknown state: LDU placed by Meta (0, 0)', () => {
    for (const state of ['CO', 'CT', 'FL', 'TX', 'OR', 'MT', null])
      expect(dataProcessingOptions(state), String(state)).toEqual({
        data_processing_options: ['LDU'],
        data_processing_options_country: 0,
        data_processing_options_state: 0,
      });
  });

  it('a known state LDU does not cover: explicitly not enabled', () => {
    expect(dataProcessingOptions('IL')).toEqual({ data_processing_options: [] });
  });
});

describe('the page address Meta sees', () => {
  it('keeps scheme, host and path; drops the query string and fragment', () => {
    expect(eventSourceUrl('https://ps.example/save-auto/contact?fbclid=1&email=a%40b.c#x')).toBe(
      'https://ps.example/save-auto/contact',
    );
    expect(eventSourceUrl('javascript:alert(1)')).toBeNull();
    expect(eventSourceUrl('not a url')).toBeNull();
    expect(eventSourceUrl(null)).toBeNull();
  });
});
