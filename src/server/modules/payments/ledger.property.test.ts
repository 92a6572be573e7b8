import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../contract/jobs';
import { splitPay } from '../../../domain/ledger';
import { disputes } from '../../db/schema';
import { sweep } from '../../sweeper';
import { databaseKinds } from '../../test/databases';
import { validJob } from '../../test/fixtures';
import { caller, NOON_BOSTON, type Cast } from '../../test/job-flow';
import { expectLedgerConsistent, rowsOf } from '../../test/ledger-invariants';
import { createTestApp, signInAs, signUp, type TestApp } from '../../test/test-app';


/** What a person may try next; `job` picks one of the jobs posted so far. */
type Command =
  | { kind: 'post'; pay: number }
  | { kind: 'work' | 'verify' | 'release' | 'cancel' | 'dispute' | 'withdraw'; job: number }
  | { kind: 'resolve'; job: number; outcome: 'pay' | 'refund' | 'partial'; part: number }
  | { kind: 'wait48h' };

const jobIndex = fc.nat({ max: 50 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('post' as const), pay: fc.integer({ min: 3, max: 100 }).map((n) => n * 5) }), weight: 3 },
  fc.record({ kind: fc.constantFrom('work' as const, 'verify' as const, 'release' as const, 'cancel' as const, 'dispute' as const, 'withdraw' as const), job: jobIndex }),
  fc.record({ kind: fc.constant('resolve' as const), job: jobIndex, outcome: fc.constantFrom('pay' as const, 'refund' as const, 'partial' as const), part: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({ kind: 'wait48h' as const }),
);

describe.each(databaseKinds())('the ledger under random sequences of post, cancel, verify, release, dispute and resolve on %s', (kind) => {
  let t: TestApp;
  let cast: Cast;
  let admin: string;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(NOON_BOSTON);
    call = caller(t);
    cast = {
      homeowner: (await signUp(t, 'homeowner')).cookie,
      teen: (await signInAs(t, 'teen', { consent: 'approved' })).cookie,
      coordinator: (await signInAs(t, 'coordinator', { coordinatorZips: ['02139'] })).cookie,
    };
    admin = (await signInAs(t, 'admin')).cookie;
  });
  afterAll(() => t.close());

  it('keeps every invariant after every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const jobs: Job[] = [];
        const pick = (i: number) => jobs[i % jobs.length];
        for (const c of commands) {
          const answers: number[] = [];
          const post = async (path: string, cookie: string, body: unknown = {}) => {
            const response = await call('POST', path, cookie, body);
            answers.push(response.statusCode);
            return response;
          };
          if (c.kind === 'post') {
            jobs.push((await post('/api/jobs', cast.homeowner, validJob({ payAmount: c.pay.toFixed(2) }))).json());
            continue;
          }
          if (c.kind === 'wait48h') {
            // The sweeper runs two days on; the clock then comes back, so sessions never run out.
            t.clock.advance(48 * 3600_000);
            await sweep(t.ctx);
            t.clock.set(NOON_BOSTON);
            continue;
          }
          const job = pick(c.job);
          if (!job) continue;
          const at = (path: string) => `/api/jobs/${job.id}/${path}`;
          switch (c.kind) {
            case 'work':
              await post(at('accept'), cast.teen);
              await post(at('accept'), cast.teen);
              await post(at('start'), cast.teen);
              await post(at('complete'), cast.teen);
              break;
            case 'verify':
              await post(at('verify'), cast.coordinator);
              break;
            case 'release':
              await post(at('release-payment'), cast.homeowner);
              break;
            case 'cancel':
              await post(at('cancel'), cast.homeowner);
              break;
            case 'withdraw':
              await post(at('accept'), cast.teen);
              await post(at('accept'), cast.teen);
              await post(at('withdraw'), cast.teen);
              break;
            case 'dispute':
              await post(at('dispute'), cast.homeowner, { reason: 'Not what we agreed' });
              break;
            case 'resolve': {
              const [open] = await t.database.db.select().from(disputes).where(eq(disputes.jobId, job.id));
              if (!open) break;
              const pay = Math.round(Number(job.payAmount) * 100);
              const part = Math.min(pay - 1, Math.max(1, Math.round(pay * c.part)));
              const body = c.outcome === 'partial' ? { outcome: 'partial', teenAmount: (part / 100).toFixed(2) } : { outcome: c.outcome };
              await post(`/api/disputes/${open.id}/resolve`, admin, body);
              break;
            }
          }
          // A refusal is fine (the sequence is random); a server error never is.
          expect(answers.every((status) => status < 500), `answers ${answers.join(',')}`).toBe(true);
        }
        await expectLedgerConsistent(t.database.db);
        // Fee + teen share = what was paid out, with the one rounding rule, for every settled job.
        const settled = await rowsOf<{ teen: number; fee: number }>(t.database.db.execute(sql`
          select t.id,
            coalesce(sum(e.amount_cents) filter (where e.account = 'teen_wallet'), 0)::int as teen,
            coalesce(sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0)::int as fee
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          where t.movement in ('release', 'split') group by t.id`));
        for (const row of settled) {
          expect(splitPay(Number(row.teen) + Number(row.fee), t.ctx.config.platformFeePercent)).toEqual({ feeCents: Number(row.fee), teenCents: Number(row.teen) });
        }
      }),
      { numRuns: 12 },
    );
  });
});
