import type { Point } from '../../../contract/routes';

export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * Places points on a `width` x `height` drawing with `padding` around them, north up. Over a town a
 * flat projection is exact enough: longitude is scaled by the cosine of the mean latitude (so a mile
 * east is as long as a mile north) and both axes share one scale, centred. A single point (or
 * several at one place) sits in the middle.
 */
export function projectPoints(points: readonly Point[], width: number, height: number, padding: number): ScreenPoint[] {
  if (points.length === 0) return [];
  const meanLatitude = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const eastScale = Math.cos((meanLatitude * Math.PI) / 180);
  const flat = points.map((p) => ({ east: p.longitude * eastScale, north: p.latitude }));
  const minEast = Math.min(...flat.map((p) => p.east));
  const maxEast = Math.max(...flat.map((p) => p.east));
  const minNorth = Math.min(...flat.map((p) => p.north));
  const maxNorth = Math.max(...flat.map((p) => p.north));
  const spanEast = maxEast - minEast;
  const spanNorth = maxNorth - minNorth;
  const innerWidth = width - 2 * padding;
  const innerHeight = height - 2 * padding;
  const scale = Math.min(spanEast > 0 ? innerWidth / spanEast : Infinity, spanNorth > 0 ? innerHeight / spanNorth : Infinity);
  const s = Number.isFinite(scale) ? scale : 0;
  // Centre what the scale leaves over on either axis.
  const offsetX = padding + (innerWidth - spanEast * s) / 2;
  const offsetY = padding + (innerHeight - spanNorth * s) / 2;
  return flat.map((p) => ({
    x: round(offsetX + (p.east - minEast) * s),
    y: round(offsetY + (maxNorth - p.north) * s),
  }));
}

const round = (value: number) => Math.round(value * 10) / 10;
