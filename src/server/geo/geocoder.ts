import type { LatLng } from '../../domain/geo';

/** How long a posting waits for the geocoder before it takes the ZIP code's centre. */
export const GEOCODER_TIMEOUT_MS = 2000;

const isCoordinate = (value: unknown, limit: number): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/**
 * The first place a geocoder answers, in either shape the Nominatim-compatible services give:
 * Nominatim's list of places with `lat`/`lon` as text, or Photon's GeoJSON features with
 * [longitude, latitude]. Anything else is no answer.
 */
export function firstPlace(body: unknown): LatLng | null {
  if (Array.isArray(body)) {
    const place = body[0] as { lat?: unknown; lon?: unknown } | undefined;
    const latitude = Number(place?.lat);
    const longitude = Number(place?.lon);
    return place?.lat !== undefined && isCoordinate(latitude, 90) && isCoordinate(longitude, 180) ? { latitude, longitude } : null;
  }
  const features = (body as { features?: { geometry?: { coordinates?: unknown } }[] } | null)?.features;
  const coordinates = Array.isArray(features) ? features[0]?.geometry?.coordinates : undefined;
  if (!Array.isArray(coordinates)) return null;
  const [longitude, latitude] = coordinates as unknown[];
  return isCoordinate(latitude, 90) && isCoordinate(longitude, 180) ? { latitude, longitude } : null;
}

/**
 * Asks the geocoder at `searchUrl` (GEOCODER_URL) where an address is: one result, within the time
 * limit. Throws when the service fails or is slow, so the caller can log why it fell back.
 */
export async function geocode(searchUrl: string, address: string, timeoutMs = GEOCODER_TIMEOUT_MS): Promise<LatLng | null> {
  const url = new URL(searchUrl);
  url.searchParams.set('q', address);
  url.searchParams.set('limit', '1');
  // Nominatim answers HTML without it; Photon ignores it.
  url.searchParams.set('format', 'jsonv2');
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json', 'user-agent': 'Yardly job posting' } });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  return firstPlace(await response.json());
}
