import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import { MapSettingsSchema, ZipCodeCentreSchema, ZipCodeParamsSchema } from '../../../contract/maps';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { zipCentroid } from '../../geo/zip-centroids';

/** What the web's maps need from the server (issue 17): the tile source, and a ZIP code's centre for Post a Job's pin. */
export function mapsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Public: the operator's tile template is no secret (every page's CSP names its origin anyway).
    app.get('/api/map', {
      config: { auth: 'public' },
      schema: {
        tags: ['maps'],
        summary: "Where the maps' tiles come from (MAP_TILE_URL, a {z}/{x}/{y} template) and the credit shown on every map",
        response: { 200: MapSettingsSchema },
      },
      handler: async () => {
        const { tileUrl, attribution, attributionUrl } = ctx.config.map;
        return { tileUrl, attribution, attributionUrl };
      },
    });

    // Census ZIP centroids are public data, but this is the pin's starting point for people posting
    // jobs, not a geocoder for the world: signed-in callers only.
    app.get('/api/zip-codes/:zipCode', {
      config: { auth: 'signed-in' },
      schema: {
        tags: ['maps'],
        summary: "A US ZIP code's centre (its census centroid): where Post a Job's pin starts, and where a job posted without a pin is placed",
        params: ZipCodeParamsSchema,
        response: { 200: ZipCodeCentreSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
      handler: async (request) => {
        const { zipCode } = request.params;
        const centre = zipCentroid(zipCode);
        if (!centre) throw notFound(`ZIP code ${zipCode} is not a known US ZIP code.`);
        return { zipCode, latitude: centre.latitude, longitude: centre.longitude };
      },
    });
  };
}
