// Levels, level titles and badge colours (spec 4 and 9). Pure; the server stores XP, not levels.

/** Spec 9: the XP at which levels 1-11 start. */
export const LEVEL_THRESHOLDS = [0, 100, 300, 600, 1000, 1500, 2200, 3000, 4000, 5500, 7500] as const;
export const TOP_LEVEL = LEVEL_THRESHOLDS.length;

/** The level that `experiencePoints` reach: the number of thresholds at or below it (1-11). */
export function levelOf(experiencePoints: number): number {
  let level = 0;
  for (const threshold of LEVEL_THRESHOLDS) if (experiencePoints >= threshold) level++;
  return Math.max(1, level);
}

/** The stats card's progress bar: where the current level starts and the next one begins (null at the top). */
export function levelProgress(experiencePoints: number): { level: number; levelStartsAt: number; nextLevelAt: number | null } {
  const level = levelOf(experiencePoints);
  return { level, levelStartsAt: LEVEL_THRESHOLDS[level - 1] ?? 0, nextLevelAt: LEVEL_THRESHOLDS[level] ?? null };
}

export type LevelColour = 'purple' | 'blue' | 'green' | 'grey';

/** Spec 9: level 8 and up purple, 5 and up blue, 3 and up green, otherwise grey. */
export function levelColour(level: number): LevelColour {
  if (level >= 8) return 'purple';
  if (level >= 5) return 'blue';
  if (level >= 3) return 'green';
  return 'grey';
}

export type LevelTitle = 'Rookie' | 'Worker' | 'Grinder' | 'Pro';

/** Spec 4: the teen's title from their paid jobs: 0-4 Rookie, 5-19 Worker, 20-49 Grinder, 50+ Pro. */
export function levelTitle(paidJobs: number): LevelTitle {
  if (paidJobs >= 50) return 'Pro';
  if (paidJobs >= 20) return 'Grinder';
  if (paidJobs >= 5) return 'Worker';
  return 'Rookie';
}
