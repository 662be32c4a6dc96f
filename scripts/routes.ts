/**
 * Lists the page registry for operators: `npm run --silent routes` prints an aligned table,
 * `-- --json` prints a JSON array (one object per route) for scripts and spreadsheets.
 */
import { ROUTES } from '../src/routes/registry';

const USAGE = 'usage: npm run --silent routes [-- --json]';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--json' && a !== '--help' && a !== '-h');
if (unknown.length > 0) {
  console.error(`routes: unknown option ${unknown.join(' ')}\n${USAGE}`);
  process.exit(2);
}
if (args.includes('--help') || args.includes('-h')) {
  console.log(`${USAGE}\nWithout options: a table of every route. --json: a JSON array of every route.`);
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
  const line = (values: readonly string[]) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of cells) console.log(line(row));
  console.log(`\n${rows.length} routes`);
}
