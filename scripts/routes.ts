/**
 * Lists the page registry for operators: `npm run --silent routes` prints an aligned table,
 * `-- --json` prints a JSON array (one object per route) for scripts and spreadsheets.
 * `-- --wrangler` prints the production routes block of wrangler.toml generated from the
 * brand hostnames (brands/deploy-routes.ts); with `--write` it replaces the block in
 * wrangler.toml, with `--check` it exits 1 when wrangler.toml differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { routesBlockIn, withRoutesBlock, wranglerRoutesBlock } from '../brands/deploy-routes';
import { ROUTES } from '../src/routes/registry';

const USAGE = 'usage: npm run --silent routes [-- --json | --wrangler [--write | --check]]';

const args = process.argv.slice(2);
const known = new Set(['--json', '--wrangler', '--write', '--check', '--help', '-h']);
const unknown = args.filter((a) => !known.has(a));
const wranglerOnly = ['--write', '--check'].filter((a) => args.includes(a));
if (unknown.length > 0 || (wranglerOnly.length > 0 && !args.includes('--wrangler')) || wranglerOnly.length > 1) {
  console.error(
    `routes: ${unknown.length > 0 ? `unknown option ${unknown.join(' ')}` : '--write and --check go with --wrangler, one at a time'}\n${USAGE}`,
  );
  process.exit(2);
}
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    `${USAGE}\nWithout options: a table of every route. --json: a JSON array of every route.\n--wrangler: the production routes of wrangler.toml from the brand hostnames (--write puts them in, --check compares).`,
  );
  process.exit(0);
}

if (args.includes('--wrangler')) {
  const block = wranglerRoutesBlock();
  if (args.includes('--write') || args.includes('--check')) {
    const toml = readFileSync('wrangler.toml', 'utf8');
    if (args.includes('--check')) {
      if (routesBlockIn(toml) !== block) {
        console.error(
          'routes: the production routes in wrangler.toml differ from the brand hostnames; run npm run routes -- --wrangler --write',
        );
        process.exit(1);
      }
      console.log('routes: wrangler.toml production routes match the brand hostnames');
    } else {
      const updated = withRoutesBlock(toml, block);
      if (updated !== toml) writeFileSync('wrangler.toml', updated);
      console.log(
        updated === toml
          ? 'routes: wrangler.toml is already current'
          : 'routes: wrote the production routes into wrangler.toml',
      );
    }
  } else {
    console.log(block);
  }
  process.exit(0);
}

const rows = ROUTES.map((r) => ({
  name: r.name,
  path: r.path,
  brands: r.brands,
  language: r.language,
  template: r.config.template,
  product: r.config.product,
  form: r.config.form,
  indexable: r.config.indexable,
  title: r.config.title ?? null,
  check: r.check ?? null,
  onEnter: r.config.onEnter ?? null,
  onExitIntent: r.config.onExitIntent ?? null,
  smid: r.smid,
  xsmid: r.xsmid,
}));

if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
} else {
  const columns = ['name', 'path', 'template', 'product', 'form', 'language', 'indexable', 'brands'] as const;
  const cells = rows.map((r) =>
    columns.map((c) => {
      const v = r[c];
      return Array.isArray(v) ? v.join(',') : String(v ?? '-');
    }),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of cells) console.log(line(row));
  console.log(`\n${rows.length} routes`);
}
