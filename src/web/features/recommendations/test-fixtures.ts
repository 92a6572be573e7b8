import { DEFAULT_PREFERENCES, type JobRecommendation, type JobRecommendations, type UserPreferences } from '../../../contract/preferences';
import { makeJob } from '../jobs/test-fixtures';

/** An open job as GET /api/teens/{id}/job-recommendations answers it: the teen's Job plus why it was picked. */
export function makeRecommendation(n: number, overrides: Partial<JobRecommendation> = {}): JobRecommendation {
  return {
    ...makeJob({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      title: `Recommended job ${n}`,
      status: 'posted',
      teenId: null,
      payAmount: '42.50',
      estimatedDuration: 90,
      distance: 1.24,
      category: 'lawn_care',
      safetyNotes: 'Wear gloves.',
    }),
    matchScore: 90 - n,
    reasons: [
      { code: 'preferred_category', text: 'You picked Lawn Care.' },
      { code: 'close_by', text: 'It is 1.2 miles from home.' },
      { code: 'good_pay', text: 'It pays $28 an hour.' },
    ],
    ...overrides,
  };
}

export const recommendationsOf = (recommendations: JobRecommendation[], more: Partial<JobRecommendations> = {}): JobRecommendations => ({
  recommendations,
  matchingEnabled: true,
  excludedMost: null,
  ...more,
});

export const preferencesWith = (changes: Partial<UserPreferences> = {}): UserPreferences => ({
  ...DEFAULT_PREFERENCES,
  preferredTimeSlots: [...DEFAULT_PREFERENCES.preferredTimeSlots],
  weatherPreferences: [...DEFAULT_PREFERENCES.weatherPreferences],
  preferredCategories: [...DEFAULT_PREFERENCES.preferredCategories],
  toolAccess: [...DEFAULT_PREFERENCES.toolAccess],
  ...changes,
});
