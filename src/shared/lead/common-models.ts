/**
 * The models most US drivers have, per make, most common first: the form's model tiles for a make
 * whose year lists more models than fit as tiles (src/ui/islands/quote-form/vehicle-field.tsx).
 * A make with a dozen models or fewer shows them all as tiles and needs no entry; every make the
 * data set lists with more has one (common-models.unit.test.ts), so the usual car of every make is
 * one tap and only an uncommon one is typed. Each name is spelled as the data set spells it.
 */
export const COMMON_MODELS: Readonly<Record<string, readonly string[]>> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Highlander', 'Tundra', '4Runner', 'Prius', 'Sienna', 'Avalon'],
  Ford: [
    'F-150',
    'Escape',
    'Explorer',
    'Focus',
    'Fusion',
    'Mustang',
    'Edge',
    'Ranger',
    'Expedition',
    'Bronco',
    'Maverick',
    'F-250',
  ],
  Chevrolet: [
    'Silverado',
    'Equinox',
    'Malibu',
    'Tahoe',
    'Traverse',
    'Colorado',
    'Impala',
    'Cruze',
    'Suburban',
    'Trax',
    'Blazer',
    'Camaro',
  ],
  Nissan: ['Altima', 'Rogue', 'Sentra', 'Pathfinder', 'Frontier', 'Murano', 'Versa', 'Maxima', 'Kicks', 'Titan'],
  Hyundai: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Kona', 'Palisade', 'Accent', 'Venue'],
  Dodge: [
    'Grand Caravan',
    'Charger',
    'Durango',
    'Challenger',
    'Journey',
    'Ram',
    'Dakota',
    'Caravan',
    'Neon',
    'Intrepid',
  ],
  GMC: ['Sierra', 'Yukon', 'Acadia', 'Terrain', 'Canyon', 'Jimmy', 'Safari', 'Sonoma', 'Suburban'],
  Chrysler: ['Town and Country', 'Pacifica', '300', 'Sebring', 'PT Cruiser', 'Voyager', 'Concorde', '200'],
  BMW: ['X3', 'X5', '330i', '328i', '530i', 'X1', '540i', '320i', 'X7', 'M3', '535i', '525i'],
  'Mercedes-Benz': [
    'C-Class',
    'E-Class',
    'GLC-Class',
    'GLE-Class',
    'S-Class',
    'M-Class',
    'GLA-Class',
    'CLA-Class',
    'GLS-Class',
    'Sprinter',
  ],
  Audi: ['A4', 'Q5', 'A6', 'Q7', 'A3', 'Q3', 'A5', 'Q8'],
  Volkswagen: ['Jetta', 'Passat', 'Tiguan', 'Atlas', 'Golf', 'Beetle', 'Golf GTI', 'CC'],
};

/** A make's models show as tiles, all of them, when its year lists this many or fewer. */
export const MODEL_TILES = 12;
/** At most this many tiles of a longer list: the common models the year has. */
export const COMMON_MODEL_TILES = 8;

/** The model tiles for `make` given the year's models: all of a short list, else its common ones. */
export function modelTiles(make: string | undefined, models: readonly string[]): string[] {
  if (models.length <= MODEL_TILES) return [...models];
  const common = make === undefined ? [] : (COMMON_MODELS[make] ?? []);
  return common.filter((m) => models.includes(m)).slice(0, COMMON_MODEL_TILES);
}
