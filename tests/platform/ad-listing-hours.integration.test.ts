import { describe, expect, it } from 'vitest';
import { visitor } from '../support/funnel';

/**
 * The clicks page hands the ad listing the call copy it rendered, with the UTC hour the copy is
 * for: hydrated in that hour, the listing reads whether agents answer from it instead of working it
 * out with Intl, whose first call in a page is one long main-thread task
 * (docs/decisions/0347-no-intl-when-the-form-code-loads.md).
 */
function jsonAfter(html: string, marker: RegExp): unknown {
  const found = marker.exec(html);
  expect(found, String(marker)).not.toBeNull();
  return JSON.parse(found?.[1]?.replaceAll('&quot;', '"') ?? 'null');
}

describe('the ad listing knows the hours as rendered', () => {
  for (const path of ['/clicks', '/clicks?utm_medium=aff']) {
    it(`bh ${path}: the island's props carry the page's call copy and its hour`, async () => {
      const res = await visitor('bh').get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const props = jsonAfter(
        html,
        /data-island="ad-listing"[^>]*>[\s\S]*?<script[^>]*data-island-props[^>]*>([^<]*)<\/script>/,
      ) as { callHours?: { hour?: unknown; open?: unknown; label?: unknown } };
      const context = jsonAfter(html, /<script[^>]*id="page-context"[^>]*>([^<]*)<\/script>/) as {
        callHoursHour?: unknown;
      };
      expect(typeof context.callHoursHour).toBe('number');
      expect(props.callHours?.hour).toBe(context.callHoursHour);
      expect(typeof props.callHours?.open).toBe('boolean');
      // The copy is the one the page's call button shows.
      expect(html).toContain(String(props.callHours?.label));
    });
  }
});
