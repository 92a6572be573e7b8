import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Achievement,
  ChallengeProgress,
  CreateReviewRequest,
  JobReviews,
  Leaderboard,
  ProgressPrivacy,
  Review,
  SeasonalChallenge,
  UserStats,
} from '../../../contract/progress';
import { apiRequest, getJson } from '../../lib/api';
import { jobQueries } from '../jobs/api';

const id = encodeURIComponent;

/**
 * The only source of the progress capability's query keys (issue 16). Everything a paid job or a
 * published review changes sits under the jobs' key, so the live stream's job signals refresh it.
 */
export const progressQueries = {
  /** Everything below: what a payment, a review or a join may change. */
  all: () => [...jobQueries.all(), 'progress'] as const,
  /**
   * The teen's earned achievements, newest first. Under the jobs' key: they are earned when a job is
   * paid, so the live stream's job signals refresh them.
   */
  achievements: (teenId: string) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'achievements', teenId] as const,
      queryFn: async () => (await getJson<Achievement[]>(`/api/achievements/${id(teenId)}`))!,
      staleTime: 30_000,
    }),
  /** Level, XP, totals, streaks, rating and badges of a teen (to the readers of their progress). */
  stats: (teenId: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'stats', teenId] as const,
      queryFn: async () => (await getJson<UserStats>(`/api/user-stats/${id(teenId)}`))!,
      staleTime: 30_000,
    }),
  challenges: () =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'challenges'] as const,
      queryFn: async () => (await getJson<SeasonalChallenge[]>('/api/seasonal-challenges'))!,
      staleTime: 30_000,
    }),
  challengeProgress: (teenId: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'challenge-progress', teenId] as const,
      queryFn: async () => (await getJson<ChallengeProgress[]>(`/api/challenge-progress/${id(teenId)}`))!,
      staleTime: 30_000,
    }),
  leaderboard: () =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'leaderboard'] as const,
      queryFn: async () => (await getJson<Leaderboard>('/api/leaderboard'))!,
      staleTime: 30_000,
    }),
  /** The reviews a person received that are published, newest first. */
  reviewsOf: (userId: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'reviews-of', userId] as const,
      queryFn: async () => (await getJson<Review[]>(`/api/reviews/user/${id(userId)}`))!,
      staleTime: 30_000,
    }),
  /** A job's two reviews as the caller may see them, and whether they can write theirs. */
  jobReviews: (jobId: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'job-reviews', jobId] as const,
      queryFn: async () => (await getJson<JobReviews>(`/api/jobs/${id(jobId)}/reviews`))!,
      staleTime: 30_000,
    }),
  /** Only the teen changes it; not under the jobs' key, since no job event moves it. */
  privacy: (userId: string) =>
    queryOptions({
      queryKey: ['progress-privacy', userId] as const,
      queryFn: async () => (await getJson<ProgressPrivacy>(`/api/users/${id(userId)}/privacy`))!,
      staleTime: Infinity,
    }),
};

/** POST /api/seasonal-challenges/{id}/join; a full or ended challenge raises the server's message. */
export function useJoinChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (challengeId: string) => apiRequest<SeasonalChallenge>('POST', `/api/seasonal-challenges/${id(challengeId)}/join`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  });
}

/** PATCH /api/users/{id}/privacy {leaderboardOptIn}: the board shows or hides at once. */
export function useSetLeaderboardOptIn(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leaderboardOptIn: boolean) => apiRequest<ProgressPrivacy>('PATCH', `/api/users/${id(userId)}/privacy`, { leaderboardOptIn }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(progressQueries.privacy(userId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: progressQueries.leaderboard().queryKey });
    },
  });
}

/** POST /api/jobs/{id}/reviews: publishing may move the teen's stats, so all progress is refreshed. */
export function useWriteReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: CreateReviewRequest) => apiRequest<Review>('POST', `/api/jobs/${id(jobId)}/reviews`, review),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  });
}
