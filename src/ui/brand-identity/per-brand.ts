import type { Brand } from '../../../brands';

/**
 * `build` run once per brand per isolate: brand data only changes with a deploy, so what is
 * derived from it (CSS, favicon, its ETag) costs nothing per request.
 */
export function perBrand<T>(build: (brand: Brand) => T): (brand: Brand) => T {
  const cache = new Map<string, T>();
  return (brand) => {
    if (cache.has(brand.id)) return cache.get(brand.id) as T;
    const value = build(brand);
    cache.set(brand.id, value);
    return value;
  };
}
