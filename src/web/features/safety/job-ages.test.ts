import { describe, expect, it } from 'vitest';
import type { Equipment } from '../../../contract/job-constants';
import { rulesFor } from '../../../domain/safety-rules/rules';
import { jobAgesFor } from './job-ages';

describe('jobAgesFor', () => {
  const federal = rulesFor('TX');
  const massachusetts = rulesFor('MA');

  it.each<[readonly Equipment[], number, string]>([
    [[], 14, 'Teens 14 and up can take this job.'],
    [['rake', 'push_reel_mower', 'wheelbarrow'], 14, 'Teens 14 and up can take this job.'],
    [['rake', 'lawn_mower'], 16, 'Ages 16+: Teens under 16 may not use a power lawn mower (federal child labor rule, 29 CFR 570.33).'],
    [['ladder'], 16, 'Ages 16+: Teens under 16 may not use a ladder (federal child labor rule, 29 CFR 570.33).'],
    [
      ['chainsaw'],
      18,
      'This job is for adults only: no one under 18 may use a chain saw (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).',
    ],
    [
      ['lawn_mower', 'wood_chipper'],
      18,
      'This job is for adults only: no one under 18 may use a wood chipper (federal child labor rule, 29 CFR 570.65, Hazardous Occupations Order 14).',
    ],
  ])('%j: %i and up, "%s"', (equipment, minimumAge, summary) => {
    expect(jobAgesFor(equipment, federal)).toMatchObject({ minimumAge, summary });
  });

  it('lists every rule that closes the job to younger teens, the state one too', () => {
    const { rules } = jobAgesFor(['string_trimmer', 'ladder'], massachusetts);
    expect(rules.map((rule) => rule.id)).toEqual(['us-under-16-power-equipment', 'us-under-16-ladders', 'ma-under-16-power-machinery']);
    expect(rules[2]).toMatchObject({ citation: 'M.G.L. c. 149, § 61' });
    expect(jobAgesFor(['rake'], massachusetts).rules).toEqual([]);
  });

  it('names only the adults-only rule for a job no teen may take', () => {
    expect(jobAgesFor(['chainsaw', 'lawn_mower'], massachusetts).rules.map((rule) => rule.id)).toEqual(['us-under-18-chain-saws-and-chippers']);
  });
});
