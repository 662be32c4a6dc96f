/** The phone number a page shows: formatting, the lease record, the working-hours flag and the call copy it drives. */
export * from './format';
export * from './lease';
export * from './working-hours';
export * from './call-hours';
export * from './copy-hour';
