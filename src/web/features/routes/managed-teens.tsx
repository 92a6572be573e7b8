import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { teenQueries } from '../teens/api';

/** The teens of the coordinator's ZIP codes and whether each is available now (spec 2: managed teens). */
export function ManagedTeens({ coordinatorId }: { coordinatorId: string }) {
  const teens = useQuery(teenQueries.managed(coordinatorId));
  return (
    <section aria-labelledby="teens-title" className="space-y-2">
      <h2 id="teens-title" className="text-lg font-bold">
        Your Teens
      </h2>
      <QueryState query={teens} what="your teens" loading="Loading teens...">
        {({ teens: managed }) =>
          managed.length === 0 ? (
            <p className="text-slate-700">No teens in your area yet.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {managed.filter((teen) => teen.isAvailable).length} of {managed.length} available now
              </p>
              <ul aria-label="Your teens" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                {managed.map((teen) => (
                  <li key={teen.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{teen.fullName}</p>
                      <p className="text-sm text-slate-700">
                        {[teen.levelTitle, `${teen.activeJobs} active ${teen.activeJobs === 1 ? 'job' : 'jobs'}`, teen.parentalConsentStatus === 'approved' ? null : 'consent not approved']
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </div>
                    <Badge tone={teen.isAvailable ? 'green' : 'slate'}>{teen.isAvailable ? 'Available' : 'Offline'}</Badge>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
