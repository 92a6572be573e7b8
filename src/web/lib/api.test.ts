import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageRuleOf, apiRequest, ApiError, refusalText } from './api';

const answer = (status: number, body: unknown) => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

async function refusalOf(status: number, body: unknown): Promise<unknown> {
  vi.stubGlobal('fetch', answer(status, body));
  return apiRequest('POST', '/api/jobs/1/accept', {}).then(
    () => expect.unreachable('the call was refused'),
    (error: unknown) => error,
  );
}

describe('apiRequest refusals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps an AGE_RULE refusal's rules and alternative, and says both in one line", async () => {
    const rules = [{ id: 'us-under-16-power-equipment', citation: '29 CFR 570.33', text: 'Teens under 16 may not use power-driven equipment.' }];
    const message = 'Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).';
    const error = await refusalOf(403, { message, code: 'AGE_RULE', rules, alternative: 'Jobs that need only hand tools are open to you.' });
    expect(error).toBeInstanceOf(ApiError);
    expect(ageRuleOf(error)).toEqual({ message, rules, alternative: 'Jobs that need only hand tools are open to you.' });
    expect(refusalText(error)).toBe(`${message} Jobs that need only hand tools are open to you.`);
  });

  it('takes an AGE_RULE refusal without an alternative as its message alone', async () => {
    const error = await refusalOf(403, { message: 'Your parent confirms your date of birth first.', code: 'AGE_RULE', rules: [], alternative: null });
    expect(ageRuleOf(error)).toEqual({ message: 'Your parent confirms your date of birth first.', rules: [], alternative: null });
    expect(refusalText(error)).toBe('Your parent confirms your date of birth first.');
  });

  it('has no age rule on any other refusal, whose line is the server message', async () => {
    const error = await refusalOf(409, { message: 'This job may have already been taken. Please try another.', code: 'JOB_NOT_AVAILABLE' });
    expect(ageRuleOf(error)).toBeUndefined();
    expect(refusalText(error)).toBe('This job may have already been taken. Please try another.');
    expect(refusalText(new Error('offline'))).toBeUndefined();
  });
});
