// `npm run lint:modules` (part of `npm run lint`): the module hygiene check of
// scripts/lib/check-modules.ts on this repository. Prints each finding and exits 1 when there is
// any; prints a one-line summary otherwise.
import { checkModules } from './lib/check-modules';

// Run from the repository's root (npm runs scripts there).
const { findings, files } = checkModules(process.cwd());
for (const finding of findings) console.error(finding);
if (findings.length > 0) {
  console.error(`check-modules: ${findings.length} finding(s)`);
  process.exit(1);
}
console.log(`check-modules: ${files} files, no unused file, no unused export, no import loop`);
