/**
 * A model year's makes and models from the shipped data set (public/data/vehicles), fetched
 * when the visitor picks the year and kept for the page's life. Checked by hand instead of
 * with the zod schema of src/shared/lead/vehicle-data.ts to keep zod out of the browser.
 */
import { useEffect, useState } from 'react';
import { clientFetch } from '../../../shared/fetch-client';

export type YearModels = Readonly<Record<string, readonly string[]>>;

const VEHICLE_DATA_BASE = '/data/vehicles';
const cache = new Map<number, Promise<YearModels | null>>();

function readYear(data: unknown): YearModels | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const out: Record<string, readonly string[]> = {};
  for (const [make, models] of Object.entries(data)) {
    if (!Array.isArray(models)) return null;
    out[make] = models.filter((m): m is string => typeof m === 'string' && m.length > 0 && m.length <= 50);
  }
  return out;
}

export function loadYear(year: number): Promise<YearModels | null> {
  let pending = cache.get(year);
  if (!pending) {
    pending = clientFetch(`${VEHICLE_DATA_BASE}/${year}.json`)
      .then(async (res) => (res.ok ? readYear(await res.json()) : null))
      .catch(() => null);
    // Cannot reject (the chain above ends in catch): nothing to await or handle here.
    void pending.then((data) => {
      if (!data) cache.delete(year);
    });
    cache.set(year, pending);
  }
  return pending;
}

/** The year's makes and models once loaded; null before (and on the server). */
export function useYearModels(yearText: string): YearModels | null {
  const [data, setData] = useState<{ year: string; models: YearModels } | null>(null);
  useEffect(() => {
    const year = Number(yearText);
    if (!/^\d{4}$/.test(yearText)) return;
    let live = true;
    void loadYear(year).then((models) => {
      if (live && models) setData({ year: yearText, models });
    });
    return () => {
      live = false;
    };
  }, [yearText]);
  return data && data.year === yearText ? data.models : null;
}
