import { z } from 'zod';
import { ZipCodeSchema } from './auth';

/** GET /api/map: where the maps' tiles come from (MAP_TILE_URL) and whom they credit. */
export const MapSettingsSchema = z.object({
  /** A Leaflet URL template with {z}, {x} and {y}. */
  tileUrl: z.string(),
  /** Plain text, shown on every map. */
  attribution: z.string(),
  /** Where the credit links to (OpenStreetMap's copyright page by default); null: no link. */
  attributionUrl: z.string().nullable(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const ZipCodeParamsSchema = z.object({ zipCode: ZipCodeSchema });

/** GET /api/zip-codes/{zipCode}: the ZIP code's centre, where a job without a pin is placed. */
export const ZipCodeCentreSchema = z.object({
  zipCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ZipCodeCentre = z.infer<typeof ZipCodeCentreSchema>;
