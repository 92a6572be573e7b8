import { z } from 'zod';
import { OutboxEmailSchema } from './email';
import { ROLES } from './constants';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});

export const AdminOverviewSchema = z.object({
  usersByRole: z.record(z.enum(ROLES), z.number().int()),
  emailDelivery: z.enum(['smtp', 'outbox']),
  recentEmails: z.array(OutboxEmailSchema),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
