import { z } from 'zod';
import { ZipCodeSchema } from './auth';

/** Spec 9 and design 5: the job constants both sides share. */
export const PAY_MIN = 15;
export const PAY_MAX = 500;
export const PAY_STEP = 5;
export const DURATIONS = [30, 60, 90, 120, 180, 240] as const;
export const HIGH_PAY_MIN_DOLLARS = 40;
export const QUICK_MAX_MINUTES = 90;
export const NEARBY_MAX_MILES = 1.5;
export const NEAR_YOU_MILES = 0.1;
export const WORK_DAY_START_HOUR = 6;
export const WORK_DAY_END_HOUR = 20;
export const JOB_PAGE_SIZE = 50;

export const JOB_STATUSES = ['posted', 'locked', 'accepted', 'in_progress', 'completed', 'verified', 'paid', 'cancelled', 'disputed', 'refunded'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The jobs Active Jobs lists (spec 2). */
export const ACTIVE_LIST_STATUSES = ['accepted', 'in_progress', 'completed', 'verified'] as const;
/** What counts as 'active' for a homeowner (spec 4). */
export const HOMEOWNER_ACTIVE_STATUSES = ['accepted', 'in_progress', 'completed'] as const;

export const JOB_CATEGORIES = ['lawn_care', 'leaf_raking', 'snow_shoveling', 'cleaning', 'outdoor_maintenance', 'seasonal', 'landscaping'] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<JobCategory, string> = {
  lawn_care: 'Lawn Care',
  leaf_raking: 'Leaf Raking',
  snow_shoveling: 'Snow Shoveling',
  cleaning: 'Cleaning',
  outdoor_maintenance: 'Outdoor Maintenance',
  seasonal: 'Seasonal',
  landscaping: 'Landscaping',
};

export const PHYSICAL_DEMANDS = ['easy', 'medium', 'hard'] as const;
export type PhysicalDemand = (typeof PHYSICAL_DEMANDS)[number];

/** Design 5: structured equipment; power-driven tools and ladders are off limits for 14-15-year-olds. */
export const EQUIPMENT = [
  'rake',
  'shovel',
  'hose',
  'pruning_shears',
  'wheelbarrow',
  'lawn_mower',
  'push_reel_mower',
  'leaf_blower',
  'snow_blower',
  'string_trimmer',
  'ladder',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];
export const EQUIPMENT_LABELS: Record<Equipment, string> = {
  rake: 'Rake',
  shovel: 'Shovel',
  hose: 'Hose',
  pruning_shears: 'Pruning shears',
  wheelbarrow: 'Wheelbarrow',
  lawn_mower: 'Lawn mower (power)',
  push_reel_mower: 'Push reel mower',
  leaf_blower: 'Leaf blower (power)',
  snow_blower: 'Snow blower (power)',
  string_trimmer: 'String trimmer (power)',
  ladder: 'Ladder',
};

/** Where a job's pay is: in escrow, paid out (in full or in part), or back with the homeowner. */
export const PAYMENT_STATES = ['held', 'released', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  held: 'Payment held',
  released: 'Payment released',
  refunded: 'Payment refunded',
};

/** The transitions a job's buttons offer; a dispute's resolution goes through the dispute instead. */
export const JOB_ACTIONS = ['lock', 'finalize', 'release', 'start', 'complete', 'verify', 'cancel', 'withdraw', 'pay', 'dispute'] as const;

export const QUICK_FILTERS = ['all', 'high_pay', 'quick', 'nearby'] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

/** "25.00": the API's money format (design 5); the server keeps integer cents. */
export const MoneySchema = z.string().regex(/^\d+\.\d{2}$/);

const JobActionSchema = z.enum(JOB_ACTIONS);

export const JobSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: z.enum(JOB_STATUSES),
  payAmount: MoneySchema,
  estimatedDuration: z.number().int(),
  location: z.string().nullable(),
  zipCode: z.string(),
  /** Miles from the caller's ZIP code to the job's; null when either is unknown. */
  distance: z.number().nullable(),
  photos: z.array(z.string()),
  safetyNotes: z.string().nullable(),
  category: z.enum(JOB_CATEGORIES),
  physicalDemands: z.enum(PHYSICAL_DEMANDS),
  equipment: z.array(z.enum(EQUIPMENT)),
  coordinatorSupervised: z.boolean(),
  homeownerId: z.uuid(),
  teenId: z.uuid().nullable(),
  lockExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** What the caller may do to this job now (the server's state machine decides; the web shows these). */
  actions: z.array(JobActionSchema),
  /** What the caller could do at another time of day, and why not now (the web shows these disabled, with the message). */
  blockedActions: z.array(z.object({ action: JobActionSchema, message: z.string() })),
  /** Where the job's pay is (design 5, Escrow). */
  payment: z.enum(PAYMENT_STATES),
});
export type Job = z.infer<typeof JobSchema>;
export type JobAction = Job['actions'][number];

export const JobListSchema = z.object({
  jobs: z.array(JobSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type JobList = z.infer<typeof JobListSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** Spec 5, Post a Job, plus design 5's fields. payAmount arrives as "25.00" or 25. */
export const CreateJobRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
  description: z.string().trim().min(1, 'Description is required').max(2000, 'Description must be at most 2000 characters'),
  category: z.enum(JOB_CATEGORIES, 'Choose a category'),
  payAmount: z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'Pay must be an amount in dollars')])
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents >= PAY_MIN * 100 && cents <= PAY_MAX * 100, `Pay must be between $${PAY_MIN} and $${PAY_MAX}`)
    .refine((cents) => cents % (PAY_STEP * 100) === 0, `Pay must be a multiple of $${PAY_STEP}`),
  estimatedDuration: z.coerce
    .number()
    .int()
    .refine((minutes) => (DURATIONS as readonly number[]).includes(minutes), 'Choose one of the listed durations'),
  location: optionalText(200, 'Location'),
  safetyNotes: optionalText(500, 'Safety notes'),
  homeownerId: z.uuid().optional(),
  zipCode: ZipCodeSchema,
  physicalDemands: z.enum(PHYSICAL_DEMANDS).default('medium'),
  equipment: z
    .array(z.enum(EQUIPMENT))
    .max(EQUIPMENT.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type CreateJobRequest = z.input<typeof CreateJobRequestSchema>;

const statusList = z
  .string()
  .transform((value) => value.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(JOB_STATUSES)).min(1).max(JOB_STATUSES.length));

export const ListJobsQuerySchema = z.object({
  status: statusList.optional(),
  teenId: z.uuid().optional(),
  homeownerId: z.uuid().optional(),
  coordinatorId: z.uuid().optional(),
  category: z.enum(JOB_CATEGORIES).optional(),
  quick: z.enum(QUICK_FILTERS).default('all'),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(JOB_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});
export type ListJobsQuery = z.input<typeof ListJobsQuerySchema>;

export const JobIdParamsSchema = z.object({ id: z.uuid('Job not found') });
/** Spec 7 sends `{teenId}`; it must be the caller's own id when present. */
export const TeenActionRequestSchema = z.object({ teenId: z.uuid().optional() }).default({});

export const JobSummarySchema = z.object({
  jobsPosted: z.number().int(),
  totalSpent: MoneySchema,
  activeJobs: z.number().int(),
  inProgress: z.number().int(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;
