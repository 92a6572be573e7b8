import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobSchema } from '../../../contract/jobs';
import { firstPlace } from '../../geo/geocoder';
import { zipCentroid } from '../../geo/zip-centroids';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { createTestApp, signUp, type TestApp } from '../../test/test-app';

const CENTRE = zipCentroid('02139')!;

describe('firstPlace', () => {
  it("reads Nominatim's and Photon's answers, and nothing else", () => {
    expect(firstPlace([{ lat: '42.3651', lon: '-71.0937', display_name: 'x' }])).toEqual({ latitude: 42.3651, longitude: -71.0937 });
    expect(firstPlace({ type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates: [-71.0937, 42.3651] } }] })).toEqual({ latitude: 42.3651, longitude: -71.0937 });
    for (const body of [[], {}, null, 'x', [{ lat: 'north', lon: '1' }], [{ lat: '95', lon: '0' }], { features: [] }, { features: [{ geometry: { coordinates: ['a', 'b'] } }] }]) {
      expect(firstPlace(body), JSON.stringify(body)).toBeNull();
    }
  });
});

describe.each(databaseKinds())('POST /api/jobs with GEOCODER_URL on %s', (kind) => {
  let t: TestApp;
  let geocoder: Server;
  let cookie: string;
  /** What the fake geocoder answers next, and the queries it was asked. */
  let answer: { status: number; body: unknown } = { status: 200, body: [] };
  const queries: string[] = [];

  beforeAll(async () => {
    geocoder = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://geocoder');
      queries.push(`${url.pathname} q=${url.searchParams.get('q')} limit=${url.searchParams.get('limit')}`);
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(kind, { GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search` });
    cookie = (await signUp(t, 'homeowner')).cookie;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  const post = async (overrides: Record<string, unknown> = {}) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: validJob(overrides) });
    expect(response.statusCode, response.body).toBe(201);
    return JobSchema.parse(response.json());
  };

  it('places a job without a pin at its geocoded address', async () => {
    answer = { status: 200, body: [{ lat: '42.3651', lon: '-71.0937' }] };
    queries.length = 0;
    expect((await post({ location: '12 Elm St' })).point).toEqual({ latitude: 42.3651, longitude: -71.0937 });
    expect(queries).toEqual(['/search q=12 Elm St, 02139 limit=1']);
  });

  it("takes the ZIP code's centre when the geocoder fails, finds nothing or answers too far away", async () => {
    for (const failing of [
      { status: 500, body: {} },
      { status: 200, body: [] },
      { status: 200, body: [{ lat: '42.2626', lon: '-71.8023' }] },
    ]) {
      answer = failing;
      expect((await post()).point, JSON.stringify(failing)).toEqual(CENTRE);
    }
  });

  it('never asks about a job with a pin, or without an address', async () => {
    answer = { status: 200, body: [{ lat: '42.3651', lon: '-71.0937' }] };
    queries.length = 0;
    expect((await post({ latitude: 42.37, longitude: -71.1 })).point).toEqual({ latitude: 42.37, longitude: -71.1 });
    expect((await post({ location: null })).point).toEqual(CENTRE);
    expect(queries).toEqual([]);
  });
});
