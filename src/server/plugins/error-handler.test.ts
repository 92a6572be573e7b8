import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';

describe("the router's own refusals", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    cookie = (await signInAs(t, 'teen')).cookie;
  });
  afterAll(() => t.close());

  it.each([
    ['a path parameter longer than any id', `/api/jobs/${'x'.repeat(500)}`, 'A value in the path is too long.'],
    ['a path that is not valid percent-encoding', '/api/jobs/%zz', 'The path of the request is not valid.'],
  ])('answer %s with the contract 400, never echoing the path', async (_case, url, message) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });
});
