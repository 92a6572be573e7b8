// Plain values, no zod: the preferences form and the recommendation cards need labels, ranges and
// defaults, not the schema library (the same split as job-constants.ts and jobs.ts).
import { CATEGORY_LABELS, EQUIPMENT_LABELS, JOB_CATEGORIES, type Equipment, type JobCategory } from './job-constants';

/** A slider's range and step (spec 5, Preferences). */
export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}
/** Percent. */
export const MIN_MATCH_SCORE_RANGE: SliderRange = { min: 40, max: 90, step: 5 };
/** Miles. */
export const MAX_DISTANCE_RANGE: SliderRange = { min: 1, max: 15, step: 1 };
/** Hours. */
export const MAX_JOB_DURATION_RANGE: SliderRange = { min: 1, max: 8, step: 0.5 };

export const TIME_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const TIME_SLOT_LABELS: Record<TimeSlot, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};
/**
 * The hours of each slot, inside Yardly's 6 AM-8 PM work day (job-constants WORK_DAY_*): a job fits a
 * slot when its estimate fits between the slot's start and end (and the teen's own latest finish).
 */
export const TIME_SLOT_HOURS: Record<TimeSlot, { readonly start: number; readonly end: number }> = {
  morning: { start: 6, end: 12 },
  afternoon: { start: 12, end: 17 },
  evening: { start: 17, end: 20 },
};

export const WEATHER_PREFERENCES = ['sunny', 'cloudy', 'light_rain', 'overcast'] as const;
export type WeatherPreference = (typeof WEATHER_PREFERENCES)[number];
export const WEATHER_LABELS: Record<WeatherPreference, string> = {
  sunny: 'Sunny',
  cloudy: 'Cloudy',
  light_rain: 'Light rain',
  overcast: 'Overcast',
};

/**
 * Every job category can be preferred: the spec's five (lawn_care, cleaning, outdoor_maintenance,
 * seasonal, landscaping) plus Yardly's leaf_raking and snow_shoveling, so no job kind is unreachable.
 */
export const PREFERENCE_CATEGORIES = JOB_CATEGORIES;
export const PREFERENCE_CATEGORY_LABELS: Record<JobCategory, string> = CATEGORY_LABELS;

/** Spec 5's tools; design 5: a subset of the job's equipment list. */
export const PREFERENCE_TOOLS = ['lawn_mower', 'leaf_blower', 'rake', 'shovel', 'hose', 'pruning_shears', 'wheelbarrow'] as const satisfies readonly Equipment[];
export type PreferenceTool = (typeof PREFERENCE_TOOLS)[number];
export const PREFERENCE_TOOL_LABELS: Record<PreferenceTool, string> = {
  lawn_mower: EQUIPMENT_LABELS.lawn_mower,
  leaf_blower: EQUIPMENT_LABELS.leaf_blower,
  rake: EQUIPMENT_LABELS.rake,
  shovel: EQUIPMENT_LABELS.shovel,
  hose: EQUIPMENT_LABELS.hose,
  pruning_shears: EQUIPMENT_LABELS.pruning_shears,
  wheelbarrow: EQUIPMENT_LABELS.wheelbarrow,
};

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export const EXPERIENCE_LABELS: Record<ExperienceLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

/** What the teen can take on; light takes easy jobs, moderate up to medium, heavy every job. */
export const PHYSICAL_CAPABILITIES = ['light', 'moderate', 'heavy'] as const;
export type PhysicalCapability = (typeof PHYSICAL_CAPABILITIES)[number];
export const PHYSICAL_CAPABILITY_LABELS: Record<PhysicalCapability, string> = {
  light: 'Light',
  moderate: 'Moderate',
  heavy: 'Heavy',
};

/** The switches, in the form's order, with their labels. */
export const PREFERENCE_SWITCHES = ['avoidHeavyLifting', 'requireAdultSupervision', 'preferFamiliarNeighborhoods', 'aiMatchingEnabled', 'showSafetyWarnings'] as const;
export type PreferenceSwitch = (typeof PREFERENCE_SWITCHES)[number];
export const PREFERENCE_SWITCH_LABELS: Record<PreferenceSwitch, string> = {
  avoidHeavyLifting: 'Avoid heavy lifting',
  requireAdultSupervision: 'Require adult supervision',
  preferFamiliarNeighborhoods: 'Prefer familiar neighborhoods',
  aiMatchingEnabled: 'AI matching',
  showSafetyWarnings: 'Show safety warnings',
};

/**
 * Spec 3's 14 fields as plain types, for the defaults here; preferences.ts's UserPreferences (the
 * schema's output) is checked to be the same type.
 */
export interface PreferenceValues {
  minMatchScore: number;
  maxDistance: number;
  maxJobDuration: number;
  preferredTimeSlots: TimeSlot[];
  weatherPreferences: WeatherPreference[];
  preferredCategories: JobCategory[];
  toolAccess: PreferenceTool[];
  experience: ExperienceLevel;
  physicalCapability: PhysicalCapability;
  avoidHeavyLifting: boolean;
  requireAdultSupervision: boolean;
  preferFamiliarNeighborhoods: boolean;
  aiMatchingEnabled: boolean;
  showSafetyWarnings: boolean;
}

/** Spec 5's defaults, what GET answers before the teen ever saves. */
export const DEFAULT_PREFERENCES: PreferenceValues = {
  minMatchScore: 60,
  maxDistance: 5,
  maxJobDuration: 4,
  preferredTimeSlots: ['afternoon'],
  weatherPreferences: ['sunny', 'cloudy'],
  preferredCategories: ['lawn_care'],
  toolAccess: [],
  experience: 'beginner',
  physicalCapability: 'moderate',
  avoidHeavyLifting: false,
  requireAdultSupervision: true,
  preferFamiliarNeighborhoods: true,
  aiMatchingEnabled: true,
  showSafetyWarnings: true,
};

/** At most this many recommendations per call; the dashboard shows 3 (spec 9). */
export const RECOMMENDATIONS_MAX_LIMIT = 50;
export const RECOMMENDATIONS_DEFAULT_LIMIT = 10;
export const RECOMMENDATIONS_SHOWN = 3;

/**
 * Why a job was recommended. Each reason's `text` is a short sentence for the teen; the cards show the
 * two that weighed most.
 * - preferred_category: the job is in one of the teen's preferred categories.
 * - close_by: the job is near the teen's ZIP code.
 * - good_pay: the pay per hour is high for Yardly.
 * - fits_duration: the estimate is well inside the teen's longest job.
 * - fits_time_slot: the job fits one of the teen's preferred times of day.
 * - matches_experience: the job's physical demands suit the teen's experience.
 * - familiar_neighborhood: in a ZIP code where the teen has worked before.
 * - done_before: the teen has completed jobs of this category before.
 * - supervised: a coordinator supervises the job (the teen asked for adult supervision).
 * - fits_weather: the job's kind is done in weather the teen picked (weights.ts CATEGORY_WEATHER).
 * - outside_weather: a caveat, always last: the job's kind is done in weather the teen did not pick,
 *   so it scored lower.
 */
export const RECOMMENDATION_REASON_CODES = [
  'preferred_category',
  'close_by',
  'good_pay',
  'fits_duration',
  'fits_time_slot',
  'matches_experience',
  'familiar_neighborhood',
  'done_before',
  'supervised',
  'fits_weather',
  'outside_weather',
] as const;
export type RecommendationReasonCode = (typeof RECOMMENDATION_REASON_CODES)[number];

/** The preferences that can keep an open job out of the list: what 'No Recommendations Yet' names. */
export const EXCLUDING_PREFERENCES = ['maxDistance', 'maxJobDuration', 'physicalCapability', 'avoidHeavyLifting', 'toolAccess', 'minMatchScore'] as const;
export type ExcludingPreference = (typeof EXCLUDING_PREFERENCES)[number];
