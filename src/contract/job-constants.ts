// Plain values, no zod: screens that only need labels and limits stay off the schema library.
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
/**
 * The job explorer pages by 10 (Load more for the next 10): two phone screens of cards, and what a
 * cheap phone lays out and hydrates quickly from the server's HTML (decision 008).
 */
export const EXPLORER_PAGE_SIZE = 10;

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
  'chainsaw',
  'wood_chipper',
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
  chainsaw: 'Chain saw (adults only)',
  wood_chipper: 'Wood chipper (adults only)',
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
