import { describe, expect, it } from 'vitest';
import { TRANSITIONS } from './job-machine';
import { jobNotices, lockExpiringNotice } from './job-notices';

const job = { title: 'Rake the yard', zipCode: '02139' };

describe('jobNotices', () => {
  it.each([
    ['post', []],
    ['lock', []],
    ['release', []],
    ['expire', []],
    ['finalize', [['homeowner', 'job_accepted', true]]],
    ['start', [['homeowner', 'job_started', false]]],
    ['complete', [['homeowner', 'job_completed', true], ['coordinators', 'job_completed', false]]],
    ['verify', [['teen', 'job_verified', false], ['homeowner', 'job_verified', false]]],
    ['cancel', [['teen', 'job_cancelled', false], ['homeowner', 'job_cancelled', false]]],
    ['withdraw', [['homeowner', 'job_withdrawn', false]]],
    ['pay', [['teen', 'payment_received', true], ['homeowner', 'payment_released', true]]],
    ['dispute', [['teen', 'dispute_opened', true], ['coordinators', 'dispute_opened', true]]],
    ['award', [['teen', 'dispute_resolved', true], ['homeowner', 'dispute_resolved', true]]],
    ['refund', [['teen', 'dispute_resolved', true], ['homeowner', 'payment_refunded', true]]],
  ] as const)('%s tells %j (party, kind, emailed)', (transition, expected) => {
    expect(jobNotices(transition, job).map((n) => [n.to, n.kind, n.email])).toEqual(expected);
  });

  it('covers every transition of the machine', () => {
    for (const transition of TRANSITIONS) expect(Array.isArray(jobNotices(transition, job))).toBe(true);
  });

  it("names the job and never a person", () => {
    for (const transition of TRANSITIONS) {
      for (const notice of jobNotices(transition, job)) {
        expect(notice.body).toContain('“Rake the yard”');
        expect(notice.title.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('lockExpiringNotice', () => {
  it.each([
    [3, 'runs out in 3 minutes'],
    [2, 'runs out in 2 minutes'],
    [1, 'runs out in a minute'],
  ])('with %i minutes left says "%s"', (minutes, text) => {
    expect(lockExpiringNotice(job, minutes).body).toContain(text);
  });
});
