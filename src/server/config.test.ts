import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from './config';

describe('loadConfig', () => {
  it('runs offline on the embedded database by default', () => {
    const config = loadConfig({});
    expect(config.database.kind).toBe('pglite');
    expect(config.port).toBe(3000);
    expect(config.platformFeePercent).toBe(10);
    expect(config.serviceZips).toContain('02139');
    expect(config.seedDemo).toBe(true);
    expect(config.smtpUrl).toBeNull();
  });

  it('uses PostgreSQL and no demo data when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost/db' });
    expect(config.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ SERVICE_ZIPS: '0213x' }, 'SERVICE_ZIPS'],
    [{ TIMEZONE: 'Mars/Olympus' }, 'TIMEZONE'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_PASSWORD'],
    [{ PLATFORM_FEE_PERCENT: '80' }, 'PLATFORM_FEE_PERCENT'],
    [{ NODE_ENV: 'production', SEED_DEMO: '1' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db', SEED_DEMO: '1' }, 'SEED_DEMO'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,proxy.internal' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: ' , ' }, 'TRUST_PROXY'],
    [{ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_ATTRIBUTION: 'x'.repeat(201) }, 'MAP_TILE_ATTRIBUTION'],
    [{ MAP_TILE_ATTRIBUTION_URL: 'javascript:alert(1)' }, 'MAP_TILE_ATTRIBUTION_URL'],
  ])('stops with one line naming the bad variable %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('never seeds demo accounts in production, on any database, and says why SEED_DEMO=1 is refused', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' })).toThrow('Invalid configuration: SEED_DEMO: demo accounts are never seeded in production');
    // Outside production, demo data stays the newcomer's one-command default, and can be asked for anywhere.
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('trusts no proxy unless TRUST_PROXY names them, as a hop count (a number) or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    // Fastify 5 reads a number as "trust nothing" and a string as addresses: a hop count is a function of the hop.
    const trustsHops = (trust: Config['trustProxy']) => [0, 1, 2, 3].filter((hop) => typeof trust === 'function' && trust('127.0.0.2', hop));
    expect(trustsHops(loadConfig({ TRUST_PROXY: '1' }).trustProxy)).toEqual([0]);
    expect(trustsHops(loadConfig({ TRUST_PROXY: '2' }).trustProxy)).toEqual([0, 1]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" is not an address or CIDR; expected a hop count/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('parses a list of served ZIP codes', () => {
    expect(loadConfig({ SERVICE_ZIPS: '10001, 10002' }).serviceZips).toEqual(['10001', '10002']);
  });

  it("reads the route optimizer's travel model, 1.3 road miles a mile at 20 mph and 15 minutes a stop by default", () => {
    expect(loadConfig({}).travel).toEqual({ roadFactor: 1.3, averageSpeedMph: 20, visitMinutes: 15 });
    expect(loadConfig({ ROAD_FACTOR: '1.5', AVERAGE_SPEED_MPH: '25', VISIT_MINUTES: '20' }).travel).toEqual({ roadFactor: 1.5, averageSpeedMph: 25, visitMinutes: 20 });
    expect(() => loadConfig({ ROAD_FACTOR: '0.8' })).toThrow('Invalid configuration: ROAD_FACTOR: at least 1');
    expect(() => loadConfig({ AVERAGE_SPEED_MPH: 'fast' })).toThrow(/AVERAGE_SPEED_MPH/);
    expect(() => loadConfig({ VISIT_MINUTES: '7.5' })).toThrow(/VISIT_MINUTES/);
  });

  it("takes the maps' tiles from OpenStreetMap unless MAP_TILE_URL names a {z}/{x}/{y} template on one host", () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileOrigin: 'https://tile.openstreetmap.org',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
    });
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Our tiles', MAP_TILE_ATTRIBUTION_URL: 'none' }).map).toEqual({
      tileUrl: 'http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png',
      tileOrigin: 'http://127.0.0.1:8081',
      attribution: 'Our tiles',
      attributionUrl: null,
    });
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      'Invalid configuration: MAP_TILE_URL: needs {y}; expected a template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL: \{s\} subdomains are not supported/);
  });

  it("follows Massachusetts' child labor law and school year by default, and federal law alone in a state without its own rules", () => {
    const config = loadConfig({});
    expect(config.state).toEqual({ code: 'MA', hasOwnRules: true });
    expect(config.schoolCalendar.name).toMatch(/Massachusetts/);
    expect(config.schoolCalendar.years.map((year) => year.firstDay)).toEqual(['2025-09-04', '2026-09-09', '2027-09-08']);
    expect(loadConfig({ STATE: 'TX' }).state).toEqual({ code: 'TX', hasOwnRules: false });
    expect(() => loadConfig({ STATE: 'Massachusetts' })).toThrow('Invalid configuration: STATE: a two-letter state code such as MA');
  });

  it('reads SCHOOL_CALENDAR from its file, and stops with one line naming it when the file is missing or wrong', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yardly-calendar-'));
    const file = (name: string, text: string) => {
      const where = path.join(dir, name);
      writeFileSync(where, text);
      return where;
    };
    const good = file('good.json', JSON.stringify({ name: 'Town schools', years: [{ firstDay: '2026-09-02', lastDay: '2027-06-18', daysOff: ['2026-11-26'] }] }));
    expect(loadConfig({ SCHOOL_CALENDAR: good }).schoolCalendar).toEqual({ name: 'Town schools', years: [{ firstDay: '2026-09-02', lastDay: '2027-06-18', daysOff: ['2026-11-26'] }] });
    const refusals: [string, RegExp][] = [
      [path.join(dir, 'missing.json'), /^Invalid configuration: SCHOOL_CALENDAR: cannot read .*missing\.json as JSON \(ENOENT/],
      [file('broken.json', '{ "name": "x", \n "years": [ '), /^Invalid configuration: SCHOOL_CALENDAR: cannot read .*broken\.json as JSON/],
      [file('dates.json', JSON.stringify({ name: 'x', years: [{ firstDay: '2027-06-18', lastDay: '2026-09-02', daysOff: [] }] })), /^Invalid configuration: SCHOOL_CALENDAR: School calendar .*dates\.json: year 1 needs firstDay <= lastDay/],
      [file('shape.json', JSON.stringify([])), /^Invalid configuration: SCHOOL_CALENDAR: School calendar .*shape\.json: needs "name" and "years"/],
    ];
    for (const [where, message] of refusals) {
      let error: unknown;
      try {
        loadConfig({ SCHOOL_CALENDAR: where });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
