/**
 * Long jobs on Cloudflare Workflows: the rollup rebuild from the archive, a privacy erasure across
 * the archive, and the compaction of an archived day's hourly objects. Started from /ops/jobs,
 * the queue consumer (erasures) and the daily cron; progress in D1 for the health page.
 */
export { ArchiveJobWorkflow } from './workflow';
export { jobById, jobParamsSchema, recentJobs, startJob, type JobParams, type JobView } from './jobs';
export { compactHour } from './compact';
export { jobsApp } from './routes';
