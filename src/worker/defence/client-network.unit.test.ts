import { describe, expect, it } from 'vitest';
import { budgetNetworks, clientNetwork } from './client-network';

describe('clientNetwork: the key every rate limit counts a client under', () => {
  it('keeps an IPv4 address as itself', () => {
    expect(clientNetwork('198.18.4.7')).toBe('198.18.4.7');
    expect(clientNetwork(' 198.18.4.7 ')).toBe('198.18.4.7');
  });

  it('counts every address of one IPv6 /64 as that /64, whatever its spelling', () => {
    const one = [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3::1',
      '2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:8d3::',
      '2001:db8:85a3:8d3::10.0.0.1',
    ].map(clientNetwork);
    expect(new Set(one)).toEqual(new Set(['2001:db8:85a3:8d3::/64']));
    expect(clientNetwork('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 client', () => {
    expect(clientNetwork('::ffff:198.18.4.7')).toBe('198.18.4.7');
    expect(clientNetwork('::ffff:c612:407')).toBe('198.18.4.7');
  });

  it('keeps what is not an address as it came (still counted as itself)', () => {
    for (const text of ['', 'unknown', '1:2:3', '1::2::3', '300.1.1.1', '1:2:3:4:5:6:7:8:9'])
      expect(clientNetwork(text)).toBe(text);
  });
});

describe('budgetNetworks: the networks a paid call is budgeted under', () => {
  it('an IPv6 client is its /64, its /56 and its /48; two /64s of one /56 share the wider two', () => {
    expect(budgetNetworks('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toEqual([
      '2001:db8:85a3:8d3::/64',
      '2001:db8:85a3:800::/56',
      '2001:db8:85a3:0::/48',
    ]);
    const [a64, a56, a48] = budgetNetworks('2001:db8:85a3:8d3::1');
    const [b64, b56, b48] = budgetNetworks('2001:db8:85a3:8ff::1');
    expect(a64).not.toBe(b64);
    expect([a56, a48]).toEqual([b56, b48]);
    expect(budgetNetworks('2001:db8:85a3:9d3::1')[1]).not.toBe(a56);
  });

  it('an IPv4 client (or one seen through IPv6) is its /24; what is not an address is itself', () => {
    expect(budgetNetworks('198.18.4.7')).toEqual(['198.18.4.0/24']);
    expect(budgetNetworks('::ffff:198.18.4.200')).toEqual(['198.18.4.0/24']);
    expect(budgetNetworks('unknown')).toEqual(['unknown']);
    expect(budgetNetworks('')).toEqual([]);
  });
});
