import { adConversionsCheck } from './ad-conversions-check';
import { configurationCheck } from './configuration-check';
import { cronTaskChecks, dailyMissingCheck } from './cron-checks';
import { d1SizeCheck } from './d1-check';
import { quoteWizardDeliveryCheck, sellerDeliveryChecks, unsentDeliveryCheck } from './delivery-checks';
import { failedJobsCheck } from './jobs-check';
import { leadMoveBacklogCheck } from './lead-move-check';
import { breakerChecks, partnerErrorChecks } from './partner-checks';
import { deadLetterCheck, eventBacklogCheck } from './queue-checks';
import { signingKeyCheck } from './signing-key-check';
import type { HealthCheckDefinition } from './types';

/** The health table: every check, in the order the page lists them. One entry per catalog id. */
export const HEALTH_CHECKS: readonly HealthCheckDefinition[] = [
  configurationCheck,
  quoteWizardDeliveryCheck,
  sellerDeliveryChecks,
  unsentDeliveryCheck,
  adConversionsCheck,
  failedJobsCheck,
  leadMoveBacklogCheck,
  cronTaskChecks,
  dailyMissingCheck,
  eventBacklogCheck,
  deadLetterCheck,
  d1SizeCheck,
  partnerErrorChecks,
  breakerChecks,
  signingKeyCheck,
];
