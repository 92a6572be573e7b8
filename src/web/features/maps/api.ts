import { queryOptions } from '@tanstack/react-query';
import type { MapSettings, ZipCodeCentre } from '../../../contract/maps';
import { getJson } from '../../lib/api';

/** The only source of the maps' query keys. */
export const mapQueries = {
  /** GET /api/map: the tile template and credit (MAP_TILE_URL); it cannot change while the server runs. */
  settings: () =>
    queryOptions({
      queryKey: ['map', 'settings'] as const,
      queryFn: async () => (await getJson<MapSettings>('/api/map'))!,
      staleTime: Infinity,
    }),
  /** GET /api/zip-codes/{zipCode}: where Post a Job's pin starts. An unknown ZIP code fails once, not thrice. */
  zipCentre: (zipCode: string) =>
    queryOptions({
      queryKey: ['map', 'zip-centre', zipCode] as const,
      queryFn: async () => (await getJson<ZipCodeCentre>(`/api/zip-codes/${zipCode}`))!,
      staleTime: Infinity,
      retry: false,
    }),
};
