/**
 * `npm run health:docs`: writes docs/on-call.md from the health table's catalog and thresholds
 * (src/worker/operations/health-checks/on-call-doc.ts). A test fails while the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { onCallMarkdown } from '../src/worker/operations/health-checks/on-call-doc';

writeFileSync('docs/on-call.md', onCallMarkdown());
console.log('docs/on-call.md written');
