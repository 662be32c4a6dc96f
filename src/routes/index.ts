/**
 * The page registry (spec sections 2 and 3). Pages are data: families in ./families generate
 * route records, ./registry parses and indexes them, ./checks holds the named page checks.
 * The Worker asks findRoute for a path, isServedFor for the brand, runPageCheck for the check.
 */
export * from './schema';
export * from './registry';
export * from './checks';
