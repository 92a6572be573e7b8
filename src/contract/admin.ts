import { z } from 'zod';
import { ConsentStatusSchema, EmailSchema, FullNameSchema, RoleSchema, ZipCodeSchema } from './auth';
import { ROLES } from './constants';
import { EMAIL_STATUSES, OutboxEmailSchema } from './email';
import { JOB_STATUSES } from './job-constants';
import { MoneySchema } from './jobs';
import { DISPUTE_STATUSES, DisputeSchema } from './payments';

/** An account is active or suspended by an admin (issue 18); a suspended one cannot sign in. */
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const UserStatusSchema = z.enum(USER_STATUSES);

/** What the spec's operators answer for: every admin act has one of these names (issue 18). */
export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.reactivate',
  'job.verify',
  'job.cancel',
  'dispute.resolve',
  'email.test',
  'coordinator.create',
  'coordinator.update',
  'service_area.add',
  'service_area.update',
  /** An admin added a seasonal challenge (issue 16). */
  'challenge.add',
  /** An admin changed a seasonal challenge's fields; the changes hold each one's from and to. */
  'challenge.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['user', 'job', 'dispute', 'email', 'service_area', 'challenge'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A changed value is `{from, to}`; what an act carried (a reason, an outcome) is the value itself. */
export const AuditChangesSchema = z.record(z.string(), z.unknown());
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

export const AuditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actor: z.object({ id: z.uuid(), fullName: z.string() }),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changes: AuditChangesSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const CursorSchema = z.string().max(200, 'cursor is too long').optional();

export const AuditLogQuerySchema = z.object({
  actor: z.uuid('actor must be a user id').optional(),
  /** A target's id: a user, job, dispute or email id, or a ZIP code. */
  target: z.string().trim().min(1, 'target is empty').max(64, 'target is too long').optional(),
  action: z.enum(AUDIT_ACTIONS, `action must be one of ${AUDIT_ACTIONS.join(', ')}`).optional(),
  cursor: CursorSchema,
});
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

export const AuditLogSchema = z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() });
export type AuditLog = z.infer<typeof AuditLogSchema>;

export const SUSPENSION_REASON_MAX = 500;
export const SuspendUserRequestSchema = z.object({
  reason: z
    .string('A reason is required')
    .trim()
    .min(1, 'A reason is required')
    .max(SUSPENSION_REASON_MAX, `The reason must be at most ${SUSPENSION_REASON_MAX} characters long`),
});
export type SuspendUserRequest = z.input<typeof SuspendUserRequestSchema>;

/** A person in the admin's lists: never a teen's date of birth (issue 18). */
export const AdminUserSummarySchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: UserStatusSchema,
  zipCode: z.string().nullable(),
  /** A teen's parental consent; null for every other role. */
  parentalConsentStatus: ConsentStatusSchema.nullable(),
  createdAt: z.string(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummarySchema>;

export const AdminUsersQuerySchema = z.object({
  query: z.string().trim().max(100, 'query is too long').optional(),
  role: z.enum(ROLES, `role must be one of ${ROLES.join(', ')}`).optional(),
  status: z.enum(USER_STATUSES, `status must be one of ${USER_STATUSES.join(', ')}`).optional(),
  cursor: CursorSchema,
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserListSchema = z.object({ users: z.array(AdminUserSummarySchema), nextCursor: z.string().nullable() });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** One of the person's jobs, as its homeowner or its teen. */
export const AdminUserJobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  payAmount: MoneySchema,
  zipCode: z.string(),
  /** The person's part in the job. */
  as: z.enum(['homeowner', 'teen']),
  createdAt: z.string(),
});

/** One ledger entry of the person's: a homeowner's card (funding) or a teen's wallet. */
export const AdminUserPaymentSchema = z.object({
  jobId: z.uuid(),
  jobTitle: z.string(),
  movement: z.enum(['hold', 'release', 'refund', 'split']),
  account: z.enum(['funding', 'teen_wallet']),
  /** Signed: money leaving the person's card is negative, money reaching them positive. */
  amount: z.string().regex(/^-?\d+\.\d{2}$/),
  at: z.string(),
});

export const AdminUserDetailSchema = z.object({
  user: AdminUserSummarySchema,
  /** A coordinator's area; empty for every other role. */
  coordinatorZipCodes: z.array(z.string()),
  /** The newest 50 of each; `actions` are the admin acts taken on this person, newest first. */
  jobs: z.array(AdminUserJobSchema),
  payments: z.array(AdminUserPaymentSchema),
  actions: z.array(AuditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** Sums of the ledger over one period, in dollars with cents. */
export const MoneyTotalsSchema = z.object({
  /** Paid into escrow by homeowners. */
  held: MoneySchema,
  /** Paid out to teens' wallets. */
  released: MoneySchema,
  /** Given back to homeowners. */
  refunded: MoneySchema,
  /** The platform's fees. */
  fees: MoneySchema,
});
export type MoneyTotals = z.infer<typeof MoneyTotalsSchema>;

export const AdminOverviewQuerySchema = z.object({
  emails: z.coerce.number('emails must be a number from 1 to 100').int().min(1, 'emails must be at least 1').max(100, 'emails must be at most 100').default(20),
});

export const AdminOverviewSchema = z.object({
  usersByRole: z.record(z.enum(ROLES), z.number().int()),
  suspendedUsers: z.number().int(),
  jobsByStatus: z.record(z.enum(JOB_STATUSES), z.number().int()),
  money: z.object({
    /** In escrow now: held and not yet released or refunded. */
    inEscrow: MoneySchema,
    /** From the first of this month in the service's time zone. */
    thisMonth: MoneyTotalsSchema,
    total: MoneyTotalsSchema,
  }),
  openDisputes: z.number().int(),
  pendingConsents: z.number().int(),
  mail: z.object({
    byStatus: z.record(z.enum(EMAIL_STATUSES), z.number().int()),
    /** When the oldest message still waiting to go out was queued; null when none waits. */
    oldestPendingAt: z.string().nullable(),
  }),
  emailDelivery: z.enum(['smtp', 'outbox']),
  recentEmails: z.array(OutboxEmailSchema),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;

export const SERVICE_AREA_NAME_MAX = 80;
export const ServiceAreaSchema = z.object({
  zipCode: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Jobs open to teens there now (posted or locked). */
  openJobs: z.number().int(),
  coordinators: z.number().int(),
  /** Open jobs and no coordinator: nobody would verify their work (issue 18). */
  needsCoordinator: z.boolean(),
  createdAt: z.string(),
});
export type ServiceArea = z.infer<typeof ServiceAreaSchema>;
export const ServiceAreaListSchema = z.object({ areas: z.array(ServiceAreaSchema) });
export type ServiceAreaList = z.infer<typeof ServiceAreaListSchema>;

export const CreateServiceAreaRequestSchema = z.object({
  zipCode: ZipCodeSchema,
  name: z
    .string('A name is required')
    .trim()
    .min(1, 'A name is required')
    .max(SERVICE_AREA_NAME_MAX, `The name must be at most ${SERVICE_AREA_NAME_MAX} characters long`),
});
export type CreateServiceAreaRequest = z.input<typeof CreateServiceAreaRequestSchema>;
export const UpdateServiceAreaRequestSchema = z.strictObject({ active: z.boolean('active must be true or false') });
export type UpdateServiceAreaRequest = z.input<typeof UpdateServiceAreaRequestSchema>;
export const ServiceAreaParamsSchema = z.object({ zipCode: ZipCodeSchema });

export const COORDINATOR_ZIPS_MAX = 50;
const CoordinatorZipCodesSchema = z
  .array(ZipCodeSchema, 'zipCodes must be a list of ZIP codes')
  .min(1, 'A coordinator needs at least one ZIP code')
  .max(COORDINATOR_ZIPS_MAX, `A coordinator can serve at most ${COORDINATOR_ZIPS_MAX} ZIP codes`)
  .transform((zips) => [...new Set(zips)].sort());

export const CreateCoordinatorRequestSchema = z.object({ fullName: FullNameSchema, email: EmailSchema, zipCodes: CoordinatorZipCodesSchema });
export type CreateCoordinatorRequest = z.input<typeof CreateCoordinatorRequestSchema>;
export const UpdateCoordinatorRequestSchema = z.strictObject({ zipCodes: CoordinatorZipCodesSchema });
export type UpdateCoordinatorRequest = z.input<typeof UpdateCoordinatorRequestSchema>;

export const CoordinatorSchema = z.object({ user: AdminUserSummarySchema, zipCodes: z.array(z.string()) });
export type Coordinator = z.infer<typeof CoordinatorSchema>;
/** Days a new coordinator's link to choose their password stays valid. */
export const COORDINATOR_LINK_DAYS = 3;

/** A coordinator as the admins' list shows them: their area, the teens who live there and its open jobs. */
export const CoordinatorListItemSchema = CoordinatorSchema.extend({ teens: z.number().int(), openJobs: z.number().int() });
export const CoordinatorListSchema = z.object({ coordinators: z.array(CoordinatorListItemSchema) });
export type CoordinatorList = z.infer<typeof CoordinatorListSchema>;

/** One change of a job's status, as the dispute screen shows the job's history. */
export const JobHistoryEntrySchema = z.object({
  transition: z.string(),
  fromStatus: z.enum(JOB_STATUSES).nullable(),
  toStatus: z.enum(JOB_STATUSES),
  actorRole: z.string(),
  at: z.string(),
});

const PartySchema = z.object({ id: z.uuid(), fullName: z.string() });
/** A dispute as an admin settles it: both sides' statements (its reason, the teen's statement), both parties and the job's history. */
export const AdminDisputeSchema = z.object({
  dispute: DisputeSchema,
  homeowner: PartySchema,
  /** The teen who did the work; admins see minors' full names (design 6). */
  teen: PartySchema.nullable(),
  history: z.array(JobHistoryEntrySchema),
});
export const AdminDisputeListSchema = z.object({ disputes: z.array(AdminDisputeSchema) });
export type AdminDisputeList = z.infer<typeof AdminDisputeListSchema>;
export const AdminDisputesQuerySchema = z.object({ status: z.enum(DISPUTE_STATUSES, `status must be one of ${DISPUTE_STATUSES.join(', ')}`).default('open') });
