// `npm run decisions:index`: regenerates docs/decisions/README.md from the records in
// docs/decisions/. `-- --check` only compares, and exits 1 when the index is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { decisionsIndex, readDecisionRecords } from './lib/decisions-index';

const DIR = 'docs/decisions';
const INDEX = `${DIR}/README.md`;
const wanted = decisionsIndex(readDecisionRecords(DIR));
let current = '';
try {
  current = readFileSync(INDEX, 'utf8');
} catch {
  // No index yet: it is written below (or reported stale with --check).
}
if (process.argv.includes('--check')) {
  if (current !== wanted) {
    console.error(`${INDEX} is stale: run npm run decisions:index`);
    process.exit(1);
  }
  console.log(`${INDEX} lists every record`);
} else if (current !== wanted) {
  writeFileSync(INDEX, wanted);
  console.log(`${INDEX} written`);
} else {
  console.log(`${INDEX} already lists every record`);
}
