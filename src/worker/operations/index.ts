/**
 * Running it in production: configuration that fails closed, metrics (Analytics Engine and the
 * health page's counters), the cron with recorded outcomes, the health page (a table of checks,
 * health-checks/) and its alerts, the heartbeat, the monitor token and the rerun of a daily task.
 */
export { requireConfiguration, configurationProblems, secretProblems } from './configuration';
export { flushMetrics, recordMetric, recordRequest, timedPartnerCall } from './metrics';
export { runScheduled, rerunDailyTask, DAILY_CRON, HEALTH_CRON } from './cron';
export { healthApp } from './health-page';
export { cronOps } from './cron-ops';
export { monitorTokenScope } from './monitor-token';
export { requestMetrics } from './request-metrics';
