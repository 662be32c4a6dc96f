/**
 * The shipped vehicle data set (public/data/vehicles, built by scripts/data/build-vehicles.ts
 * from NHTSA vPIC): an index of model years and makes, and one file per model year mapping
 * each make to its models. The form fetches a year's file when the visitor picks the year.
 */
import { z } from 'zod';

export const VEHICLE_DATA_BASE = '/data/vehicles';

export const vehicleIndexSchema = z.object({
  /** Model years, newest first. */
  years: z.array(z.number().int().min(1900).max(2100)).min(1),
  /** Every make in any year, alphabetical. */
  makes: z.array(z.string().min(1).max(50)).min(1),
});
export type VehicleIndex = z.infer<typeof vehicleIndexSchema>;

/** One model year: make to its models, both alphabetical; names fit the 1-50 character rule. */
export const vehicleYearSchema = z.record(z.string().min(1).max(50), z.array(z.string().min(1).max(50)).min(1));
export type VehicleYear = z.infer<typeof vehicleYearSchema>;

export function vehicleIndexPath(): string {
  return `${VEHICLE_DATA_BASE}/index.json`;
}

export function vehicleYearPath(year: number): string {
  return `${VEHICLE_DATA_BASE}/${year}.json`;
}
