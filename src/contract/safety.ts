import { z } from 'zod';
import { JOB_CATEGORIES } from './job-constants';

/**
 * Safety rules by age (issue 21): what the engine in domain/safety-rules answers, as the API sends it.
 * A refusal is a 403 AGE_RULE error whose body also carries `rules` and `alternative`.
 */
export const MINIMUM_AGES = [14, 16, 18] as const;
/** The youngest age that may take a job, from its equipment: 16 for power-driven equipment and ladders, 18 for a chain saw or a wood chipper. */
export const MinimumAgeSchema = z.union([z.literal(14), z.literal(16), z.literal(18)]);
export type MinimumAge = z.infer<typeof MinimumAgeSchema>;

export const RuleReferenceSchema = z.object({
  id: z.string(),
  citation: z.string(),
  text: z.string(),
});
export type RuleReference = z.infer<typeof RuleReferenceSchema>;

/** GET /api/safety-rules (public): every row for the configured state, for the Safety page. */
export const SafetyRuleSchema = RuleReferenceSchema.extend({
  minAge: z.number().int(),
  maxAge: z.number().int(),
  layer: z.enum(['federal', 'state', 'platform', 'parent']),
  jurisdiction: z.string(),
});
export const SafetyRulesSchema = z.object({
  state: z.string(),
  /** False when the state has no layer of its own: federal rules only. */
  stateHasOwnRules: z.boolean(),
  rules: z.array(SafetyRuleSchema),
});
export type SafetyRules = z.infer<typeof SafetyRulesSchema>;

/** GET /api/jobs/{id}/eligibility (the signed-in teen): whether they may lock it now, and why not. */
export const EligibilitySchema = z.object({
  allowed: z.boolean(),
  minimumAge: MinimumAgeSchema,
  message: z.string().nullable(),
  rules: z.array(RuleReferenceSchema),
  alternative: z.string().nullable(),
});
export type Eligibility = z.infer<typeof EligibilitySchema>;

const HoursLimitSchema = z.object({
  usedHours: z.number(),
  /** Null when no rule limits it (an adult, or no rule for this kind of day). */
  limitHours: z.number().nullable(),
  rule: RuleReferenceSchema.nullable(),
});

/** GET /api/teens/{id}/work-hours (the teen, their coordinator, admins): the 'Work hours' card. */
export const WorkHoursSchema = z.object({
  date: z.string(),
  schoolDay: z.boolean(),
  schoolWeek: z.boolean(),
  today: HoursLimitSchema,
  week: HoursLimitSchema,
});
export type WorkHours = z.infer<typeof WorkHoursSchema>;

/** 'HH:MM', 24-hour. */
const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 17:30');

/**
 * A parent's own limits, set on the consent page. They can only tighten the law: the engine applies
 * them as one more layer, so a looser value changes nothing.
 */
export const ParentLimitsSchema = z.object({
  maxHoursPerWeek: z.number().int().min(1, 'At least 1 hour a week').max(40, 'At most 40 hours a week').nullable(),
  latestFinish: ClockTimeSchema.nullable(),
  blockedCategories: z.array(z.enum(JOB_CATEGORIES)).max(JOB_CATEGORIES.length),
  noHardJobs: z.boolean(),
});
export type ParentLimits = z.infer<typeof ParentLimitsSchema>;
export const NO_PARENT_LIMITS: ParentLimits = { maxHoursPerWeek: null, latestFinish: null, blockedCategories: [], noHardJobs: false };
