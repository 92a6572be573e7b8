import { TimerOff, Timer } from 'lucide-react';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { LOCK_SECONDS } from '../../../contract/constants';
import { formatCountdown } from '../../../domain/format';
import { lockSecondsLeft } from '../../../domain/job-machine';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';

/** The current time, renewed every `intervalMs`. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Spec 4: the lock countdown as m:ss, recalculated every second, with a bar of the remaining
 * seconds over 900. At zero it shows 'Lock Expired' and tells `onExpire`, so the screen can keep
 * saying so after the job itself has moved on.
 */
export function LockCountdown({
  lockExpiresAt,
  onExpire,
  onRefresh,
  children,
}: {
  lockExpiresAt: string;
  onExpire: () => void;
  onRefresh: () => void;
  children: ReactNode;
}) {
  const now = useNow(1000);
  const secondsLeft = lockSecondsLeft({ lockExpiresAt: new Date(lockExpiresAt) }, now);
  const countdown = formatCountdown(secondsLeft);
  const expired = secondsLeft === 0;
  const reportExpiry = useEffectEvent(onExpire);
  useEffect(() => {
    if (expired) reportExpiry();
  }, [expired]);

  if (expired) return <LockExpired onRefresh={onRefresh} />;

  return (
    <section aria-labelledby="lock-title" className="space-y-3 rounded-2xl border border-orange-200 bg-orange-50 p-4">
      <h2 id="lock-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Timer aria-hidden="true" className="h-5 w-5 text-orange-800" />
        Job Locked for You
      </h2>
      <p className="text-slate-800">No one else can take this job while your lock lasts. Accept it or release it before the time runs out.</p>
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-medium text-slate-700">Time left</span>
        <span role="timer" aria-label="Time left on your lock" className="font-mono text-3xl font-bold tabular-nums text-orange-900">
          {countdown}
        </span>
      </div>
      <Progress
        value={secondsLeft}
        max={LOCK_SECONDS}
        label="Time left on your lock"
        valueText={`${countdown} left`}
        className="bg-orange-200"
        barClassName="bg-orange-700"
      />
      <div className="flex flex-col gap-2">{children}</div>
    </section>
  );
}

/** The end of a teen's own lock: the job may be open to others again, so it offers a reload. */
export function LockExpired({ onRefresh }: { onRefresh: () => void }) {
  return (
    <section aria-labelledby="lock-expired-title" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4">
      <h2 id="lock-expired-title" className="flex items-center gap-2 text-lg font-bold text-red-800">
        <TimerOff aria-hidden="true" className="h-5 w-5" />
        Lock Expired
      </h2>
      <p className="text-slate-800">Your 15 minutes ran out, so the job is open to other teens again. Refresh to see if it is still available.</p>
      <Button variant="secondary" className="w-full" onClick={onRefresh}>
        Refresh Page
      </Button>
    </section>
  );
}
