import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkHours } from '../../../contract/safety';
import { json, renderSignedIn, TEEN } from '../jobs/test-fixtures';
import { WorkHoursCard } from './work-hours-card';

const SCHOOL_DAY_RULE = { id: 'us-under-16-school-day', citation: '29 CFR 570.35(a)(5)', text: 'Teens under 16 may work at most 3 hours on a school day.' };
const SCHOOL_WEEK_RULE = { id: 'us-under-16-school-week', citation: '29 CFR 570.35(a)(3)', text: 'Teens under 16 may work at most 18 hours in a week with school.' };

describe('WorkHoursCard', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let hours: WorkHours;
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/auth/me') return json(200, TEEN);
      if (url === `/api/teens/${TEEN.id}/work-hours`) return json(200, hours);
      return json(500, { message: 'unexpected' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const card = () => screen.findByRole('region', { name: 'Work hours' });

  it("shows a 15-year-old's hours today and this week against their limits, the kind of day, and the rule behind each", async () => {
    hours = {
      date: '2026-11-25',
      schoolDay: true,
      schoolWeek: true,
      today: { usedHours: 1.5, limitHours: 3, rule: SCHOOL_DAY_RULE },
      week: { usedHours: 4.25, limitHours: 18, rule: SCHOOL_WEEK_RULE },
    };
    renderSignedIn(<WorkHoursCard teenId={TEEN.id} />, TEEN);
    const region = await card();
    expect(within(region).getByRole('heading', { name: 'Today (school day)' })).toBeInTheDocument();
    expect(within(region).getByRole('heading', { name: 'This week (school week)' })).toBeInTheDocument();
    expect(region).toHaveTextContent('1h 30m of 3h');
    expect(region).toHaveTextContent('4h 15m of 18h');
    expect(within(region).getByRole('progressbar', { name: 'Today: hours used' })).toHaveAttribute('aria-valuetext', '1h 30m of 3h');
    expect(within(region).getByRole('progressbar', { name: 'This week: hours used' })).toHaveAttribute('aria-valuetext', '4h 15m of 18h');
    expect(region).toHaveTextContent('Teens under 16 may work at most 3 hours on a school day. (29 CFR 570.35(a)(5))');
    expect(region).toHaveTextContent('Teens under 16 may work at most 18 hours in a week with school. (29 CFR 570.35(a)(3))');
    expect(region).not.toHaveTextContent('No hour limits apply to you.');
  });

  it('says a day off school, and a side without a limit, as they are', async () => {
    hours = {
      date: '2026-11-28',
      schoolDay: false,
      schoolWeek: true,
      today: { usedHours: 0, limitHours: null, rule: null },
      week: { usedHours: 2, limitHours: 40, rule: { id: 'parent-hours-per-week', citation: "Your parent's limit", text: "Your parent's limit: at most 40 hours a week." } },
    };
    renderSignedIn(<WorkHoursCard teenId={TEEN.id} />, TEEN);
    const region = await card();
    expect(within(region).getByRole('heading', { name: 'Today (no school)' })).toBeInTheDocument();
    expect(region).toHaveTextContent('0m worked, no limit');
    expect(within(region).getAllByRole('progressbar')).toHaveLength(1);
    // A parent's row names itself: no '(Your parent's limit)' after it.
    expect(within(region).getByText("Your parent's limit: at most 40 hours a week.")).toHaveTextContent(/^Your parent's limit: at most 40 hours a week\.$/);
  });

  it('says no hour limits apply to a teen with none (an 18-year-old)', async () => {
    hours = { date: '2026-11-25', schoolDay: true, schoolWeek: true, today: { usedHours: 2, limitHours: null, rule: null }, week: { usedHours: 6, limitHours: null, rule: null } };
    renderSignedIn(<WorkHoursCard teenId={TEEN.id} />, TEEN);
    const region = await card();
    expect(region).toHaveTextContent('No hour limits apply to you.');
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(region).queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });
});
