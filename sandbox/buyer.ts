import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';

/**
 * A lead buyer's own machine: it runs the buyer's guide script (docs/buyers/verify-lead.mjs)
 * with Node on the bundle it is sent, exactly as a buyer would from a shell, and answers the
 * exit code and what the script printed. The Worker never calls it; the workerd tests do, so
 * the script a buyer copies is proven on a real lead of the Worker.
 */
const SCRIPT = resolve(import.meta.dirname, '../docs/buyers/verify-lead.mjs');

export function buyerRoutes() {
  const app = new Hono();
  app.post('/verify-offline', async (c) => {
    const dir = mkdtempSync(join(tmpdir(), 'buyer-bundle-'));
    try {
      const file = join(dir, 'bundle.json');
      writeFileSync(file, await c.req.text());
      const result = await new Promise<{ code: number; output: string }>((done) => {
        execFile(process.execPath, [SCRIPT, file], { timeout: 20_000 }, (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          done({ code, output: `${stdout}${stderr}` });
        });
      });
      return c.json(result);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return app;
}
