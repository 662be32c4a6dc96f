/** The phone number a page shows: formatting, the lease record and the working-hours flag. */
export * from './format';
export * from './lease';
export * from './working-hours';
