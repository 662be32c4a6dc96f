/** The zod schema of the island's visibility report (src/shared/consent/visibility.ts says what each fact is). */
import { z } from 'zod';
import type { VisibilityReport } from '../../shared/consent/visibility';

const px = z.number().finite().min(-100_000).max(100_000);

export const visibilityReportSchema = z.strictObject({
  box: z.strictObject({ top: px, left: px, width: px.min(0), height: px.min(0) }),
  gapToButton: px,
  fontSizePx: z.number().finite().min(0).max(1000),
  contrastRatio: z.number().finite().min(0).max(100),
  fullTextOpened: z.boolean(),
  timeOnStepMs: z.number().int().min(-1e12).max(1e12),
  buttonLabel: z.string().max(200),
  viewport: z.strictObject({ width: px, height: px }),
}) satisfies z.ZodType<VisibilityReport>;
