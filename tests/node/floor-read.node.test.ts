import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../brands';
import { FLOOR_READ_HEADER, FLOOR_READ_SOURCE, floorReadArgs } from '../../bench/floor-read';

type FloorRead = (request: Request, env: unknown) => Promise<unknown> | undefined;
/** The constant Worker's read as a module of its own, from the very source the harness embeds. */
async function loadFloorRead(): Promise<FloorRead> {
  const file = join(mkdtempSync(join(tmpdir(), 'floor-read-')), 'floor-read.mjs');
  writeFileSync(file, `${FLOOR_READ_SOURCE}\nexport { floorRead };\n`);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { floorRead: FloorRead }).floorRead;
}

describe("the bench's floor with the visitor's read", () => {
  it("passes getFunnelStateText what the product's page passes: the page's form and lease owner", () => {
    const bh = BRANDS.find((b) => b.id === 'bh');
    expect(JSON.parse(floorReadArgs('bh', '/otc-allowance'))).toEqual([
      'medicare',
      null,
      { product: 'medicare', placementId: bh?.mediaalpha.placementIds.medicare },
    ]);
    // A page without a form reads the visitor's state all the same, as the product's does.
    expect((JSON.parse(floorReadArgs('bh', '/privacy')) as unknown[])[0]).toBeNull();
    expect(() => floorReadArgs('bh', '/no-such-page')).toThrow();
  });

  it('reads the Durable Object of the visitor key in the cookie, and nothing without the header', async () => {
    const floorRead = await loadFloorRead();
    const calls: unknown[] = [];
    const env = {
      VISITOR: {
        idFromName: (name: string) => `id:${name}`,
        get: (id: string) => ({
          getFunnelStateText: (...args: unknown[]) => {
            calls.push([id, ...args]);
            return Promise.resolve('{"values":{}}');
          },
        }),
      },
    };
    const key = '0b7c1e4a-2f3d-4a5b-8c6d-7e8f9a0b1c2d';
    const cookie = `__Host-qf_sid=x; __Host-qf_aid=${encodeURIComponent(`${key}.c2lnbmF0dXJl+/=`)}; __Host-qf_new=y`;
    expect(floorRead(new Request('http://constant.localhost/bh/otc-allowance', { headers: { cookie } }), env)).toBe(
      undefined,
    );
    const args = floorReadArgs('bh', '/otc-allowance');
    await floorRead(
      new Request('http://constant.localhost/bh/otc-allowance', { headers: { cookie, [FLOOR_READ_HEADER]: args } }),
      env,
    );
    expect(calls).toEqual([[`id:${key}`, ...(JSON.parse(args) as unknown[])]]);
  });
});
