import { D1_DATABASES } from '../../archive/table-retention';
import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, type HealthContext } from './types';

/** One D1 database's file size as D1 reports it after any statement (`meta.size_after`). */
export interface D1DatabaseFigure {
  binding: string;
  sizeBytes: number;
  share: number;
}

/** The fullest database's figures at the top, and each database's own. */
export interface D1Figures {
  sizeBytes: number;
  limitBytes: number;
  share: number;
  binding: string;
  databases: D1DatabaseFigure[];
}

/**
 * Every D1 database of the Worker (`D1_DATABASES`), each against its own limit: D1's 10 GB is per
 * database, so one database near it fails writes even when the others are nearly empty. The
 * top-level figures are the fullest database's. `databases` is a parameter so a test can hand it
 * more bindings than the Worker has today and see that each one is read.
 */
export async function d1Figures(
  { env }: Pick<HealthContext, 'env'>,
  databases: readonly string[] = D1_DATABASES,
): Promise<D1Figures> {
  const limitBytes = THRESHOLDS.d1LimitBytes;
  const bindings = env as unknown as Partial<Record<string, D1Database>>;
  const figures = await Promise.all(
    databases.map(async (binding) => {
      const db = bindings[binding];
      if (!db) throw new Error(`no D1 binding ${binding} in this environment`);
      const sizeBytes = (await db.prepare(`SELECT 1`).run()).meta.size_after;
      return { binding, sizeBytes, share: sizeBytes / limitBytes };
    }),
  );
  const fullest = figures.reduce((a, b) => (b.share > a.share ? b : a));
  return {
    sizeBytes: fullest.sizeBytes,
    limitBytes,
    share: fullest.share,
    binding: fullest.binding,
    databases: figures,
  };
}

/** The `d1:size` result over `databases`: red when any one of them is at its own alert. */
export async function d1SizeResult(
  ctx: Pick<HealthContext, 'env'>,
  databases: readonly string[] = D1_DATABASES,
): Promise<[id: string, ok: boolean, summary: string]> {
  const { limitBytes, databases: figures } = await d1Figures(ctx, databases);
  const over = figures.filter((d) => d.share >= THRESHOLDS.d1AlertShare);
  const each = figures
    .map((d) => `${d.binding} ${(d.sizeBytes / 1e6).toFixed(1)} MB (${(d.share * 100).toFixed(1)} %)`)
    .join(', ');
  return [
    'd1:size',
    over.length === 0,
    `${over.length ? `over the alert: ${over.map((d) => d.binding).join(', ')}; ` : ''}D1 ${each} of ${limitBytes / 1e9} GB each, alert at ${THRESHOLDS.d1AlertShare * 100} %`,
  ];
}

export const d1SizeCheck = defineCheck(CATALOG['d1:size'], async (ctx) => [await d1SizeResult(ctx)]);
