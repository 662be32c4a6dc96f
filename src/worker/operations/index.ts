/**
 * Running it in production: configuration that fails closed, metrics (Analytics Engine and the
 * health page's counters), the cron with recorded outcomes, the health page and its alerts.
 */
export { requireConfiguration, configurationProblems, secretProblems } from './configuration';
export { flushMetrics, recordMetric, recordRequest, timedPartnerCall } from './metrics';
export { runScheduled, DAILY_CRON, HEALTH_CRON } from './cron';
export { healthApp } from './health-page';
export { requestMetrics } from './request-metrics';
