import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import type { WorkHours } from '../../../contract/safety';
import { formatDuration } from '../../../domain/format';
import { Card } from '../../components/ui/card';
import { Progress } from '../../components/ui/progress';
import { safetyQueries } from './api';
import { citationOf } from './rule-list';

type HoursLimit = WorkHours['today'];

/** Hours as the app writes durations ('1h 30m'); the server sends them in hundredths. */
const hoursText = (hours: number) => formatDuration(Math.round(hours * 60));

function RuleLine({ rule }: { rule: NonNullable<HoursLimit['rule']> }) {
  const citation = citationOf(rule);
  return (
    <p className="text-sm text-slate-700">
      {rule.text}
      {citation && <span className="whitespace-nowrap text-slate-600"> ({citation})</span>}
    </p>
  );
}

function LimitRow({ title, kind, limit }: { title: string; kind: string; limit: HoursLimit }) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-semibold text-slate-900">
          {title} <span className="text-sm font-normal text-slate-700">({kind})</span>
        </h3>
        <p className="text-sm font-semibold text-slate-900">
          {limit.limitHours === null ? `${hoursText(limit.usedHours)} worked, no limit` : `${hoursText(limit.usedHours)} of ${hoursText(limit.limitHours)}`}
        </p>
      </div>
      {limit.limitHours !== null && (
        <Progress
          value={limit.usedHours}
          max={limit.limitHours}
          label={`${title}: hours used`}
          valueText={`${hoursText(limit.usedHours)} of ${hoursText(limit.limitHours)}`}
          barClassName={limit.usedHours >= limit.limitHours ? 'bg-amber-600' : 'bg-brand-700'}
        />
      )}
      {limit.rule && <RuleLine rule={limit.rule} />}
    </div>
  );
}

/**
 * The teen dashboard's 'Work hours' card (issue 21): the hours worked and booked today and this week
 * against the tightest limit on each, whether today is a school day, and the rule behind each limit.
 */
export function WorkHoursCard({ teenId }: { teenId: string }) {
  const { data } = useQuery(safetyQueries.workHours(teenId));
  if (!data) return null;
  const limited = data.today.limitHours !== null || data.week.limitHours !== null;
  return (
    <Card>
      <section aria-labelledby="work-hours-title" className="space-y-3">
        <h2 id="work-hours-title" className="flex items-center gap-2 font-bold">
          <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Work hours
        </h2>
        {limited ? (
          <>
            <LimitRow title="Today" kind={data.schoolDay ? 'school day' : 'no school'} limit={data.today} />
            <LimitRow title="This week" kind={data.schoolWeek ? 'school week' : 'no school'} limit={data.week} />
          </>
        ) : (
          <p className="text-sm text-slate-700">No hour limits apply to you.</p>
        )}
      </section>
    </Card>
  );
}
