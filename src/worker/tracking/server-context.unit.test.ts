import { describe, expect, it } from 'vitest';
import { serverBotCheck } from './server-context';

describe("the Worker's bot check of a user agent", () => {
  it('flags HTTP libraries and crawlers the old list missed', () => {
    for (const ua of [
      'axios/1.7.2',
      'okhttp/4.12.0',
      'Scrapy/2.11.2 (+https://scrapy.org)',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ])
      expect(serverBotCheck(ua), ua).toEqual({ bot: true, signals: ['bot-ua'] });
  });

  it('passes real browsers, CUBOT phones among them (the old list read "bot" in the maker\'s name)', () => {
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 10; CUBOT NOTE 20) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ])
      expect(serverBotCheck(ua), ua).toEqual({ bot: false, signals: [] });
  });
});
