/**
 * Events at a million a day: the raw archive in R2 (binding ARCHIVE, one gzip NDJSON
 * object per queue batch and hour), the daily rollups in D1 (migration 0009) and the hot window
 * of raw rows the daily cron prunes once a day's archive and rollups are confirmed. The queue
 * consumer writes the archive before D1; the report reads rollups outside the hot window.
 */
export {
  ARCHIVE_PREFIX,
  archiveKey,
  decodeEvents,
  encodeEvents,
  EVENT_ROW_COLUMNS,
  eventRowValues,
  partitionOf,
} from './archive-object';
export { archiveEvents, type ArchiveBucket } from './write';
export { hotDays, hotWindowStart, maintainEvents, type DayOutcome, type MaintenanceEnv } from './maintain';
export { rebuildRollups, type RebuiltDay } from './rebuild';
export { addIncomingToRollups } from './rollup-query';
export { addIncomingToPeople, ALL_PAGES } from './people-rollup';
export {
  erasureMessageSchema,
  planArchiveErasure,
  runArchiveErasure,
  runPendingErasures,
  type ErasureBucket,
  type ErasureMessage,
} from './erase';
