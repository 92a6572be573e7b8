import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { CATEGORY_LABELS } from '../../../contract/job-constants';
import type { ChallengeProgress, SeasonalChallenge } from '../../../contract/progress';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { QueryState } from '../../components/ui/query-state';
import { serverMessage } from '../../lib/api';
import { formatDate, formatDay } from '../jobs/format';
import { progressQueries, useJoinChallenge } from './api';
import { ScrollArea } from './scroll-area';

/** Spec 4: completed (badge and points, highlighted), expired (ended, not completed), else active. */
export type ChallengeState = 'completed' | 'expired' | 'active';

export function challengeState(challenge: SeasonalChallenge, progress: ChallengeProgress | undefined): ChallengeState {
  if (progress?.isCompleted) return 'completed';
  return challenge.isActive ? 'active' : 'expired';
}

/** The season's challenges: what each asks and gives, who joined, Join, and the teen's progress. */
export function ChallengeList({ teenId }: { teenId: string }) {
  const challenges = useQuery(progressQueries.challenges());
  const progress = useQuery(progressQueries.challengeProgress(teenId));
  // The cards need both reads: each says the same loading line and failure, and Try Again reads again the one that failed.
  return (
    <QueryState query={challenges} what="the challenges" loading="Loading challenges...">
      {(list) => (
        <QueryState query={progress} what="the challenges" loading="Loading challenges...">
          {(mine) => <ChallengeCards challenges={list} progress={mine} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function ChallengeCards({ challenges, progress }: { challenges: SeasonalChallenge[]; progress: ChallengeProgress[] }) {
  const progressOf = new Map(progress.map((p) => [p.challengeId, p]));
  const hasActive = challenges.some((c) => c.isActive);
  return (
    <div className="space-y-3">
      {!hasActive && <p className="rounded-2xl bg-slate-50 p-6 text-center text-slate-700">No active challenges</p>}
      {challenges.length > 0 && (
        <ScrollArea label="Challenges">
          <ul aria-label="Seasonal challenges" className="space-y-2">
            {challenges.map((c) => (
              <li key={c.id}>
                <ChallengeCard challenge={c} progress={progressOf.get(c.id)} />
              </li>
            ))}
          </ul>
        </ScrollArea>
      )}
    </div>
  );
}

function ChallengeCard({ challenge, progress }: { challenge: SeasonalChallenge; progress: ChallengeProgress | undefined }) {
  const state = challengeState(challenge, progress);
  const { requirements, rewards } = challenge;
  const categories = requirements.categories.map((c) => CATEGORY_LABELS[c]).join(', ');
  const participants = challenge.maxParticipants === null ? `${challenge.participants} joined` : `${challenge.participants} of ${challenge.maxParticipants} joined`;
  const frame = state === 'completed' ? 'border-amber-400 bg-amber-50 ring-2 ring-amber-300' : state === 'expired' ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white';
  const headingId = `challenge-${challenge.id}`;
  return (
    <article aria-labelledby={headingId} data-state={state} className={`space-y-2 rounded-2xl border p-3 ${frame}`}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="font-bold text-slate-900">
          {challenge.title}
        </h3>
        {state === 'completed' && (
          <Badge tone="yellow">
            <Trophy aria-hidden="true" className="h-3.5 w-3.5" />
            Completed
          </Badge>
        )}
        {state === 'expired' && <Badge tone="slate">Expired</Badge>}
      </div>
      <p className="text-sm text-slate-700">{challenge.description}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Requirements</dt>
        <dd className="text-slate-900">
          {requirements.jobsCount} paid {requirements.jobsCount === 1 ? 'job' : 'jobs'} in {categories}
        </dd>
        <dt className="font-medium text-slate-700">Rewards</dt>
        <dd className={state === 'completed' ? 'font-bold text-amber-900' : 'text-slate-900'}>
          {rewards.points} points and the title {rewards.title}
        </dd>
        <dt className="font-medium text-slate-700">Participants</dt>
        <dd className="text-slate-900">{participants}</dd>
        <dt className="font-medium text-slate-700">Ends</dt>
        <dd className="text-slate-900">{formatDay(challenge.endDate)}</dd>
      </dl>
      {state === 'completed' && progress?.completedAt && <p className="text-sm font-semibold text-amber-900">Earned {rewards.title} and {rewards.points} points on {formatDate(progress.completedAt)}</p>}
      {state === 'active' && progress && <ChallengeProgressBar jobsCompleted={progress.progress.jobsCompleted} jobsCount={requirements.jobsCount} title={challenge.title} />}
      {state === 'active' && !challenge.joined && <JoinButton challenge={challenge} />}
    </article>
  );
}

function ChallengeProgressBar({ jobsCompleted, jobsCount, title }: { jobsCompleted: number; jobsCount: number; title: string }) {
  const text = `${Math.min(jobsCompleted, jobsCount)} of ${jobsCount} jobs`;
  return (
    <div className="space-y-1">
      <Progress value={jobsCompleted} max={jobsCount} label={`Progress in ${title}`} valueText={text} />
      <p className="text-sm text-slate-700">{text}</p>
    </div>
  );
}

function JoinButton({ challenge }: { challenge: SeasonalChallenge }) {
  const join = useJoinChallenge();
  return (
    <div className="space-y-1">
      <Button className="w-full" aria-label={`Join ${challenge.title}`} disabled={join.isPending} onClick={() => join.mutate(challenge.id)} aria-describedby={join.isError ? `join-error-${challenge.id}` : undefined}>
        {join.isPending ? 'Joining...' : 'Join'}
      </Button>
      {join.isError && (
        <p id={`join-error-${challenge.id}`} role="alert" className="text-sm text-red-800">
          {serverMessage(join.error) ?? 'Could not join the challenge. Try again.'}
        </p>
      )}
    </div>
  );
}
