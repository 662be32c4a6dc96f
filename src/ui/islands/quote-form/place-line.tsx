import { useEffect, useRef, useState } from 'react';
import type { Product } from '../../../../brands/schema';
import type { Language } from '../../../routes/schema';

/**
 * "Plans in Miami, FL" above the steps after the zip. The server passes
 * the stored location; when the visitor's zip changes in the page, the main script looks it
 * up (src/ui/client/location.ts) and announces the answer as a `quote:location` window
 * event (`{ zip, unknown: true }` when the zip has no known place), which replaces the line.
 */
export const LOCATION_EVENT = 'quote:location';

export interface Place {
  city: string;
  stateCode: string;
}

function isPlace(value: unknown): value is Place {
  if (typeof value !== 'object' || value === null) return false;
  const { city, stateCode } = value as { city?: unknown; stateCode?: unknown };
  return typeof city === 'string' && typeof stateCode === 'string';
}

export function usePlace(initial: Place | null | undefined): Place | null {
  const [place, setPlace] = useState<Place | null>(initial ?? null);
  useEffect(() => {
    const onLocation = (event: Event) => {
      const detail: unknown = (event as CustomEvent<unknown>).detail;
      setPlace(isPlace(detail) ? { city: detail.city, stateCode: detail.stateCode } : null);
    };
    window.addEventListener(LOCATION_EVENT, onLocation);
    return () => window.removeEventListener(LOCATION_EVENT, onLocation);
  }, []);
  return place;
}

/**
 * The ZIP codes the page's lookups found unknown (00000), for the form to say so
 * before it posts; `onUnknown` hears each answer as it arrives.
 */
export function useUnknownZips(onUnknown: (zip: string) => void): ReadonlySet<string> {
  const [unknown, setUnknown] = useState<ReadonlySet<string>>(() => new Set());
  const listener = useRef(onUnknown);
  useEffect(() => {
    listener.current = onUnknown;
  });
  useEffect(() => {
    const onLocation = (event: Event) => {
      const detail: unknown = (event as CustomEvent<unknown>).detail;
      if (typeof detail !== 'object' || detail === null) return;
      const { zip, unknown: isUnknown } = detail as { zip?: unknown; unknown?: unknown };
      if (typeof zip !== 'string' || isUnknown !== true) return;
      setUnknown((prev) => new Set([...prev, zip]));
      listener.current(zip);
    };
    window.addEventListener(LOCATION_EVENT, onLocation);
    return () => window.removeEventListener(LOCATION_EVENT, onLocation);
  }, []);
  return unknown;
}

const PHRASES: Record<Language, Record<Product, string>> = {
  english: { medicare: 'Plans in', auto: 'Quotes for drivers in', life: 'Coverage options in' },
  spanish: { medicare: 'Planes en', auto: 'Cotizaciones para conductores en', life: 'Opciones de cobertura en' },
};

export function PlaceLine({ place, product, language }: { place: Place; product: Product; language: Language }) {
  const line = `${PHRASES[language][product]} ${place.city}, ${place.stateCode}`;
  return (
    // The title: the whole line where a long place is cut short to keep Back and the step count on its row.
    <p className="quote-form__place" data-place={`${place.city}, ${place.stateCode}`} title={line}>
      {line}
    </p>
  );
}
