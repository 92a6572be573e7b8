import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
  ])('stops with one line naming the bad variable %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('parses a list of served ZIP codes', () => {
    expect(loadConfig({ SERVICE_ZIPS: '10001, 10002' }).serviceZips).toEqual(['10001', '10002']);
  });
});
