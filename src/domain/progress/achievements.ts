import type { AchievementType, Rarity } from '../../contract/progress';
import { levelOf } from './levels';
import { averageRating, type TeenTotals } from './totals';

// The achievements catalogue (spec 3, issue 16): every type and rarity, each with its condition as a
// function of the teen's totals. Ids are stored with each award, so an id is never renamed or reused.

export interface AchievementDefinition {
  id: string;
  type: AchievementType;
  title: string;
  description: string;
  rarity: Rarity;
  points: number;
  isEarned(totals: TeenTotals): boolean;
}

const jobs = (n: number) => (t: TeenTotals) => t.paidJobs >= n;
const level = (n: number) => (t: TeenTotals) => levelOf(t.experiencePoints) >= n;
const earned = (dollars: number) => (t: TeenTotals) => t.earningsCents >= dollars * 100;
const streak = (weeks: number) => (t: TeenTotals) => t.longestStreak >= weeks;

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { id: 'first_paid_job', type: 'jobs_completed', rarity: 'common', points: 10, title: 'First Paycheck', description: 'Finish your first job and get paid for it.', isEarned: jobs(1) },
  { id: 'five_paid_jobs', type: 'jobs_completed', rarity: 'common', points: 25, title: 'On a Roll', description: 'Get paid for 5 jobs.', isEarned: jobs(5) },
  { id: 'twenty_paid_jobs', type: 'jobs_completed', rarity: 'rare', points: 75, title: 'Grinder', description: 'Get paid for 20 jobs.', isEarned: jobs(20) },
  { id: 'fifty_paid_jobs', type: 'jobs_completed', rarity: 'epic', points: 200, title: 'Pro', description: 'Get paid for 50 jobs.', isEarned: jobs(50) },
  { id: 'level_3', type: 'level_up', rarity: 'common', points: 15, title: 'Level 3', description: 'Reach level 3 (300 XP).', isEarned: level(3) },
  { id: 'level_5', type: 'level_up', rarity: 'rare', points: 50, title: 'Level 5', description: 'Reach level 5 (1,000 XP).', isEarned: level(5) },
  { id: 'level_8', type: 'level_up', rarity: 'epic', points: 150, title: 'Level 8', description: 'Reach level 8 (3,000 XP).', isEarned: level(8) },
  { id: 'level_11', type: 'level_up', rarity: 'legendary', points: 500, title: 'Top Level', description: 'Reach level 11 (7,500 XP).', isEarned: level(11) },
  { id: 'earned_100', type: 'milestone', rarity: 'common', points: 20, title: 'First $100', description: 'Earn $100 in total.', isEarned: earned(100) },
  // Spec 9's Top Earner badge is 'above $500'; the milestone is reached at $500 itself.
  { id: 'earned_500', type: 'milestone', rarity: 'rare', points: 60, title: 'Top Earner', description: 'Earn $500 in total.', isEarned: earned(500) },
  { id: 'earned_2000', type: 'milestone', rarity: 'epic', points: 200, title: 'Big Saver', description: 'Earn $2,000 in total.', isEarned: earned(2000) },
  { id: 'early_riser', type: 'special', rarity: 'common', points: 15, title: 'Early Riser', description: 'Start a job before 8 AM and get paid for it.', isEarned: (t) => t.earlyStarts >= 1 },
  { id: 'streak_3_weeks', type: 'streak', rarity: 'rare', points: 40, title: 'Three Weeks Strong', description: 'Get paid for a job 3 weeks in a row.', isEarned: streak(3) },
  { id: 'streak_8_weeks', type: 'streak', rarity: 'epic', points: 120, title: 'Unstoppable', description: 'Get paid for a job 8 weeks in a row.', isEarned: streak(8) },
  { id: 'first_challenge', type: 'seasonal', rarity: 'rare', points: 50, title: 'Challenge Champion', description: 'Complete a seasonal challenge.', isEarned: (t) => t.challengesCompleted >= 1 },
  { id: 'first_five_stars', type: 'rating', rarity: 'common', points: 20, title: 'Five Stars', description: 'Receive your first five-star review.', isEarned: (t) => t.fiveStarReviews >= 1 },
  // The 5-Star Club badge's average (spec 9), held over enough reviews that one happy neighbour is not a club.
  {
    id: 'five_star_club',
    type: 'rating',
    rarity: 'legendary',
    points: 300,
    title: '5-Star Club',
    description: 'Keep an average rating of 4.8 or more over 10 reviews.',
    isEarned: (t) => t.reviewCount >= 10 && (averageRating(t) ?? 0) >= 4.8,
  },
];

const BY_ID = new Map(ACHIEVEMENTS.map((a) => [a.id, a]));

/** The catalogue entry of a stored id; undefined for an id the catalogue no longer has. */
export function findAchievement(id: string): AchievementDefinition | undefined {
  return BY_ID.get(id);
}

/** The achievements the totals reach that the teen has not been awarded yet, in catalogue order. */
export function newAchievements(totals: TeenTotals, alreadyEarned: ReadonlySet<string>): AchievementDefinition[] {
  return ACHIEVEMENTS.filter((a) => !alreadyEarned.has(a.id) && a.isEarned(totals));
}

/** The notification that announces an achievement (issue 16: 'Achievement unlocked: {title}'). */
export function achievementNotice(achievement: Pick<AchievementDefinition, 'title' | 'description' | 'points'>): { title: string; body: string } {
  return { title: `Achievement unlocked: ${achievement.title}`, body: `${achievement.description} +${achievement.points} points.` };
}
