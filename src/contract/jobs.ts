import { z } from 'zod';
import { ZipCodeSchema } from './auth';
import { isSearchable, SEARCH_MIN_RUN } from './job-search';
import { MinimumAgeSchema } from './safety';
import {
  DURATIONS,
  EQUIPMENT,
  JOB_ACTIONS,
  JOB_CATEGORIES,
  JOB_PAGE_SIZE,
  JOB_STATUSES,
  PAY_MAX,
  PAY_MIN,
  PAY_STEP,
  PAYMENT_STATES,
  PHYSICAL_DEMANDS,
  QUICK_FILTERS,
} from './job-constants';

export * from './job-constants';
export * from './job-search';

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
  /**
   * The address as posted, for the teen who accepted the job, its homeowner, its area's coordinator and
   * admins; for teens while the job is open, its street and town without the house number.
   */
  location: z.string().nullable(),
  zipCode: z.string(),
  /**
   * Miles from the caller's ZIP code to the job's exact point for those who may see it (below), else
   * to the job's ZIP code's centre; null when either is unknown.
   */
  distance: z.number().nullable(),
  /**
   * Where the job is exactly (issue 17): for its homeowner, the teen who accepted it, its area's
   * coordinator and admins; null for everyone else, who see the distance only.
   */
  point: z.object({ latitude: z.number(), longitude: z.number() }).nullable().optional(),
  photos: z.array(z.string()),
  safetyNotes: z.string().nullable(),
  category: z.enum(JOB_CATEGORIES),
  physicalDemands: z.enum(PHYSICAL_DEMANDS),
  equipment: z.array(z.enum(EQUIPMENT)),
  /** The youngest teen the safety rules by age let take it, from its equipment (issue 21): cards say 'Ages 16+'. */
  minimumAge: MinimumAgeSchema,
  coordinatorSupervised: z.boolean(),
  /** Null for teens: who posted a job is not theirs to know. */
  homeownerId: z.uuid().nullable(),
  /** Who holds the lock or took the job; null for everyone else but the homeowner, the area's coordinator and admins. */
  teenId: z.uuid().nullable(),
  /**
   * Who took the job, as far as the caller may know: the full name for the teen, the area's coordinator
   * and admins; 'Maya L.' for the homeowner once the teen accepted; null for anyone else and while no teen holds it.
   */
  teenName: z.string().nullable(),
  lockExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** What the caller may do to this job now (the server's state machine decides; the web shows these). */
  actions: z.array(JobActionSchema),
  /** What the caller could do later (another time of day, after a lock's cooldown), and why not now (the web shows these disabled, with the message). */
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
/** Issue 17: a job's pin may be at most this far from its ZIP code's centre. */
export const JOB_POINT_MAX_MILES = 15;

export const CreateJobRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters'),
  description: z.string().trim().min(1, 'Description is required').max(2000, 'Description must be at most 2000 characters'),
  category: z.enum(JOB_CATEGORIES, 'Choose a category'),
  // Checked on the amount as sent, before it becomes cents: rounding first would let 25.001 pass as $25.
  payAmount: z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'Pay must be an amount in dollars')])
    .transform(Number)
    .refine((dollars) => dollars >= PAY_MIN && dollars <= PAY_MAX, `Pay must be between $${PAY_MIN} and $${PAY_MAX}`)
    .refine((dollars) => dollars % PAY_STEP === 0, `Pay must be a multiple of $${PAY_STEP}`)
    // A multiple of $5 is whole dollars, so this is exact.
    .transform((dollars) => dollars * 100),
  estimatedDuration: z
    .number('Choose one of the listed durations')
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
  /**
   * Where the job is (issue 17: Post a Job's pin), within JOB_POINT_MAX_MILES of the ZIP code's
   * centre; both or neither (the server checks that: a refinement here would stop clients extending
   * this schema for their forms). Without them the job takes its ZIP code's centre.
   */
  latitude: z.number().min(-90, 'Latitude is between -90 and 90').max(90, 'Latitude is between -90 and 90').optional(),
  longitude: z.number().min(-180, 'Longitude is between -180 and 180').max(180, 'Longitude is between -180 and 180').optional(),
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
  search: z
    .string()
    .trim()
    .max(100)
    .refine((search) => search === '' || isSearchable(search), `Search for a word of at least ${SEARCH_MIN_RUN} letters or digits`)
    .optional(),
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
