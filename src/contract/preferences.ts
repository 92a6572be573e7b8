import { z } from 'zod';
import { JobSchema } from './jobs';
import {
  EXCLUDING_PREFERENCES,
  EXPERIENCE_LEVELS,
  MAX_DISTANCE_RANGE,
  MAX_JOB_DURATION_RANGE,
  MIN_MATCH_SCORE_RANGE,
  PHYSICAL_CAPABILITIES,
  PREFERENCE_CATEGORIES,
  PREFERENCE_TOOLS,
  RECOMMENDATION_REASON_CODES,
  RECOMMENDATIONS_DEFAULT_LIMIT,
  RECOMMENDATIONS_MAX_LIMIT,
  TIME_SLOTS,
  WEATHER_PREFERENCES,
  type PreferenceValues,
  type SliderRange,
} from './preference-constants';

export * from './preference-constants';

/** A slider's value: a number inside its range, on its step (0.5 steps are exact in binary). */
const sliderValue = (range: SliderRange, label: string, unit: string) =>
  z
    .number(`${label} must be a number`)
    .min(range.min, `${label} must be at least ${range.min} ${unit}`)
    .max(range.max, `${label} must be at most ${range.max} ${unit}`)
    .refine((value) => Number.isInteger((value - range.min) / range.step), `${label} must be in steps of ${range.step} ${unit}`);

/** A list of choices, each at most once. No transform: the same schema describes the answer. */
const choices = <const T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z
    .array(z.enum(options, `${label}: choose from ${options.join(', ')}`), `${label} must be a list`)
    .max(options.length, `${label}: each at most once`)
    .refine((list) => new Set(list).size === list.length, `${label}: each at most once`);

/**
 * Spec 3 and 5: the teen's matching preferences, all 14 fields, sent whole by POST and PUT. Strict: an
 * unknown key is refused with its name rather than dropped, so a misspelt field is never silently lost.
 */
export const UserPreferencesSchema = z.strictObject(
  {
    minMatchScore: sliderValue(MIN_MATCH_SCORE_RANGE, 'Minimum match score', 'percent'),
    maxDistance: sliderValue(MAX_DISTANCE_RANGE, 'Maximum distance', 'miles'),
    maxJobDuration: sliderValue(MAX_JOB_DURATION_RANGE, 'Maximum job duration', 'hours'),
    preferredTimeSlots: choices(TIME_SLOTS, 'Time slots'),
    weatherPreferences: choices(WEATHER_PREFERENCES, 'Weather'),
    preferredCategories: choices(PREFERENCE_CATEGORIES, 'Categories'),
    toolAccess: choices(PREFERENCE_TOOLS, 'Tools'),
    experience: z.enum(EXPERIENCE_LEVELS, `Experience: choose ${EXPERIENCE_LEVELS.join(', ')}`),
    physicalCapability: z.enum(PHYSICAL_CAPABILITIES, `Physical capability: choose ${PHYSICAL_CAPABILITIES.join(', ')}`),
    avoidHeavyLifting: z.boolean('Avoid heavy lifting must be true or false'),
    requireAdultSupervision: z.boolean('Require adult supervision must be true or false'),
    preferFamiliarNeighborhoods: z.boolean('Prefer familiar neighborhoods must be true or false'),
    aiMatchingEnabled: z.boolean('AI matching must be true or false'),
    showSafetyWarnings: z.boolean('Show safety warnings must be true or false'),
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined),
  },
);
export type UserPreferences = z.output<typeof UserPreferencesSchema>;
/** The schema's output and preference-constants' plain type are the same: each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<UserPreferences, PreferenceValues> = true;
void sameShape;
export type UserPreferencesInput = z.input<typeof UserPreferencesSchema>;

export const RecommendationReasonSchema = z.object({
  code: z.enum(RECOMMENDATION_REASON_CODES),
  /** A short sentence for the teen, e.g. 'You picked Lawn Care.' */
  text: z.string(),
});
export type RecommendationReason = z.infer<typeof RecommendationReasonSchema>;

/** The same Job as GET /api/jobs/{id} answers the teen, plus why it was picked. */
export const JobRecommendationSchema = JobSchema.extend({
  matchScore: z.number().int().min(0).max(100),
  /** At least one, the strongest first: the cards show the first two. */
  reasons: z.array(RecommendationReasonSchema).min(1),
});
export type JobRecommendation = z.infer<typeof JobRecommendationSchema>;

/** The preference that keeps the most open jobs out, for the empty state's one line. */
export const ExcludedMostSchema = z.object({
  preference: z.enum(EXCLUDING_PREFERENCES),
  /** How many of the jobs the teen could lock now it keeps out. */
  jobs: z.number().int().min(1),
  /** E.g. '4 open jobs are farther than your 5-mile limit.' */
  text: z.string(),
});
export type ExcludedMost = z.infer<typeof ExcludedMostSchema>;

/** GET /api/teens/{id}/job-recommendations. */
export const JobRecommendationsSchema = z.object({
  /** Sorted by matchScore, then distance, then id; empty when matching is off. */
  recommendations: z.array(JobRecommendationSchema),
  /** The teen's aiMatchingEnabled: when false the list is empty and the tab shows the fallback. */
  matchingEnabled: z.boolean(),
  /**
   * Only when the list is empty and matching is on: the preference that excludes the most open jobs.
   * Null when none is to blame (no open job the teen could lock).
   */
  excludedMost: ExcludedMostSchema.nullable(),
});
export type JobRecommendations = z.infer<typeof JobRecommendationsSchema>;

export const JobRecommendationsQuerySchema = z.object({
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RECOMMENDATIONS_MAX_LIMIT, `limit must be at most ${RECOMMENDATIONS_MAX_LIMIT}`)
    .default(RECOMMENDATIONS_DEFAULT_LIMIT),
});
export type JobRecommendationsQuery = z.input<typeof JobRecommendationsQuerySchema>;
