import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MapSettingsSchema, ZipCodeCentreSchema } from '../../../contract/maps';
import { zipCentroid } from '../../geo/zip-centroids';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

/** The page's CSP as directive -> sources. */
function cspOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the maps: tiles and ZIP code centres', () => {
  describe('with the default tiles', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite');
    });
    afterAll(() => t.close());

    it("tells anyone OpenStreetMap's tile template and credit", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/map' });
      expect(response.statusCode).toBe(200);
      expect(MapSettingsSchema.strict().parse(response.json())).toEqual({
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
      });
    });

    it("lets images come from the tile server's origin and no other", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/map' });
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org']);
      // Tiles are images: scripts and fetches stay on this host.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
    });

    it("gives a signed-in person a ZIP code's centre, where Post a Job's pin starts", async () => {
      const { cookie } = await signInAs(t, 'homeowner');
      const response = await t.app.inject({ method: 'GET', url: '/api/zip-codes/02139', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      const centre = zipCentroid('02139')!;
      expect(ZipCodeCentreSchema.strict().parse(response.json())).toEqual({ zipCode: '02139', latitude: centre.latitude, longitude: centre.longitude });
      expect(centre.latitude).toBeCloseTo(42.36, 1);
      expect(centre.longitude).toBeCloseTo(-71.1, 1);
    });

    it('answers an unknown ZIP code with 404, a malformed one with 400 naming the field, and no one signed out', async () => {
      const { cookie } = await signInAs(t, 'homeowner');
      const unknown = await t.app.inject({ method: 'GET', url: '/api/zip-codes/00000', headers: { cookie } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'ZIP code 00000 is not a known US ZIP code.' });
      const malformed = await t.app.inject({ method: 'GET', url: '/api/zip-codes/0213x', headers: { cookie } });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { zipCode: 'ZIP code must be 5 digits' } });
      expect((await t.app.inject({ method: 'GET', url: '/api/zip-codes/02139' })).statusCode).toBe(401);
    });
  });

  it("serves MAP_TILE_URL and its credit, and its origin is the CSP's only other image source", async () => {
    const t = await createTestApp('pglite', { MAP_TILE_URL: 'http://tiles.example.org:8080/osm/{z}/{x}/{y}.png?key=abc', MAP_TILE_ATTRIBUTION: '© Example Maps', MAP_TILE_ATTRIBUTION_URL: 'https://maps.example.org/terms' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/map' });
      expect(response.json()).toEqual({ tileUrl: 'http://tiles.example.org:8080/osm/{z}/{x}/{y}.png?key=abc', attribution: '© Example Maps', attributionUrl: 'https://maps.example.org/terms' });
      expect(cspOf(response.headers['content-security-policy']).get('img-src')).toEqual(["'self'", 'data:', 'http://tiles.example.org:8080']);
    } finally {
      await t.close();
    }
  });
});
