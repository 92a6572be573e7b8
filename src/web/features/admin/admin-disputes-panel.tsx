import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/ui/query-state';
import { RowsOrEmpty } from '../../components/ui/section';
import { ResolveDisputeCard } from '../payments/resolve-dispute-card';
import { formatDateTime } from '../jobs/format';
import { adminQueries } from './api';

/** The open disputes (issue 18): both sides, the parties, the job's history, and the resolution every coordinator uses. */
export function AdminDisputesPanel() {
  const disputes = useQuery(adminQueries.openDisputes());
  return (
    <QueryState query={disputes} what="the disputes">
      {({ disputes: open }) => (
        <RowsOrEmpty items={open} label="Open disputes" empty="No open disputes." className="space-y-4">
          {({ dispute, homeowner, teen, history }) => (
            <li key={dispute.id} className="space-y-2">
              <ResolveDisputeCard dispute={dispute} />
              <p className="text-sm text-slate-700">
                Homeowner: {homeowner.fullName} · Teen: {teen?.fullName ?? 'none'}
              </p>
              <details className="text-sm">
                <summary className="min-h-11 cursor-pointer py-2 font-medium">History of the job</summary>
                <ol className="space-y-1">
                  {history.map((event, i) => (
                    <li key={`${event.at}-${i}`}>
                      {formatDateTime(event.at)}: {event.transition} ({event.fromStatus?.replace('_', ' ') ?? 'new'} → {event.toStatus.replace('_', ' ')}) by the {event.actorRole}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          )}
        </RowsOrEmpty>
      )}
    </QueryState>
  );
}
