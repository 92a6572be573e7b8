import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentStateOf } from '../../domain/ledger';
import type { JobStatus } from '../../contract/jobs';
import type { Executor } from '../db/client';
import { firstRow } from '../errors';

/** Raw SQL rows: both drivers answer `{ rows }`. */
export async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

interface JobMoney {
  id: string;
  status: JobStatus;
  pay: number;
  escrow: number;
  released: number;
  refunded: number;
  holds: number;
  settlements: number;
}

/** Every job's money: what is in escrow, what went to the teen and platform, what went back. */
export async function jobMoney(db: Executor): Promise<JobMoney[]> {
  const rows = await rowsOf<Record<string, unknown>>(db.execute(sql`
    select j.id, j.status, j.pay_cents as pay,
      coalesce(sum(e.amount_cents) filter (where e.account = 'escrow'), 0)::int as escrow,
      coalesce(sum(e.amount_cents) filter (where e.account in ('teen_wallet', 'platform_fees')), 0)::int as released,
      coalesce(sum(e.amount_cents) filter (where e.account = 'funding' and t.movement <> 'hold'), 0)::int as refunded,
      (select count(*) from ledger_transactions h where h.job_id = j.id and h.movement = 'hold')::int as holds,
      (select count(*) from ledger_transactions s where s.job_id = j.id and s.movement <> 'hold')::int as settlements
    from jobs j
    left join ledger_entries e on e.job_id = j.id
    left join ledger_transactions t on t.id = e.transaction_id
    group by j.id`));
  return rows.map((r) => ({
    id: String(r.id),
    status: r.status as JobStatus,
    pay: Number(r.pay),
    escrow: Number(r.escrow),
    released: Number(r.released),
    refunded: Number(r.refunded),
    holds: Number(r.holds),
    settlements: Number(r.settlements),
  }));
}

/**
 * The ledger's invariants (issue 5): it sums to zero, every movement balances, no account but a
 * homeowner's funding is negative, and each job's money is in exactly one place that matches its status.
 */
export async function expectLedgerConsistent(db: Executor): Promise<void> {
  const totals = firstRow(await rowsOf<{ total: unknown }>(db.execute(sql`select coalesce(sum(amount_cents), 0)::bigint as total from ledger_entries`)), 'the ledger total');
  expect(Number(totals.total)).toBe(0);
  const unbalanced = await rowsOf(db.execute(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0 or count(*) < 2`));
  expect(unbalanced).toEqual([]);
  const negative = await rowsOf(db.execute(sql`
    select 'teen_wallet' as account, user_id::text as owner from ledger_entries where account = 'teen_wallet' group by user_id having sum(amount_cents) < 0
    union all select 'escrow', job_id::text from ledger_entries where account = 'escrow' group by job_id having sum(amount_cents) < 0
    union all select 'platform_fees', null from ledger_entries where account = 'platform_fees' having sum(amount_cents) < 0`));
  expect(negative).toEqual([]);
  for (const job of await jobMoney(db)) {
    expect(job.holds, `job ${job.id} is held once`).toBe(1);
    const state = paymentStateOf(job.status);
    if (state === 'held') {
      expect({ escrow: job.escrow, released: job.released, refunded: job.refunded, settlements: job.settlements }).toEqual({ escrow: job.pay, released: 0, refunded: 0, settlements: 0 });
    } else {
      expect(job.settlements, `job ${job.id} is settled once`).toBe(1);
      expect(job.escrow).toBe(0);
      expect(job.released + job.refunded).toBe(job.pay);
      if (state === 'refunded') expect(job.released).toBe(0);
      else expect(job.released).toBeGreaterThan(0);
    }
  }
}
