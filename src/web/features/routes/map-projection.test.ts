import { describe, expect, it } from 'vitest';
import { projectPoints } from './map-projection';

describe('projectPoints', () => {
  it('puts north up and east right, filling the drawing inside its padding', () => {
    const [sw, ne] = projectPoints(
      [
        { latitude: 42.36, longitude: -71.11 },
        { latitude: 42.38, longitude: -71.09 },
      ],
      300,
      200,
      20,
    );
    expect(sw!.x).toBeLessThan(ne!.x);
    expect(sw!.y).toBeGreaterThan(ne!.y);
    // The north-south span is the longer one here (a degree of longitude is shorter at 42°): it fills the height.
    expect(sw!.y).toBe(180);
    expect(ne!.y).toBe(20);
  });

  it('keeps a mile east as long as a mile north', () => {
    const lat = 60; // cos 60° = 1/2: a degree of longitude is half a degree of latitude.
    const [origin, east, north] = projectPoints(
      [
        { latitude: lat, longitude: 10 },
        { latitude: lat, longitude: 10.02 },
        { latitude: lat + 0.01, longitude: 10 },
      ],
      400,
      400,
      0,
    );
    expect(east!.x - origin!.x).toBeCloseTo(origin!.y - north!.y, 0);
  });

  it('centres a single point and answers nothing for no points', () => {
    expect(projectPoints([{ latitude: 42.37, longitude: -71.1 }], 300, 200, 20)).toEqual([{ x: 150, y: 100 }]);
    expect(projectPoints([], 300, 200, 20)).toEqual([]);
  });
});
