import { expect, type Page } from '@playwright/test';

/**
 * Takes the maps offline: every request to the tile server the product names (GET /api/map) fails,
 * as on a machine with no network, and is recorded. Returns the tile URLs asked for and the tile
 * server's origin, so a journey can check the tiles came from there and nothing else left the host.
 */
export async function takeTilesOffline(page: Page): Promise<{ tileOrigin: string; tilesAskedFor: string[] }> {
  const settings = await page.request.get('/api/map');
  expect(settings.status()).toBe(200);
  const { tileUrl } = (await settings.json()) as { tileUrl: string };
  const tileOrigin = new URL(tileUrl).origin;
  const tilesAskedFor: string[] = [];
  await page.route(`${tileOrigin}/**`, (route) => {
    tilesAskedFor.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return { tileOrigin, tilesAskedFor };
}
