import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditLogQuery } from '../../../contract/admin';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { formatDateTime } from '../jobs/format';
import { adminQueries } from './api';
import { AUDIT_ACTION_LABELS, describeChanges } from './audit-labels';

/** Every admin act, newest first, filtered by action and target, page after page (issue 18). */
export function AuditLogList() {
  const [filters, setFilters] = useState<AuditLogQuery>({});
  const log = useInfiniteQuery({ ...adminQueries.auditLog(filters), placeholderData: keepPreviousData });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pick = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ action: pick('action') as AuditLogQuery['action'], target: pick('target') });
  };
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-bold">
        Admin actions
      </h2>
      <form role="search" onSubmit={onSubmit} className="space-y-3">
        <SelectField label="Action" name="action" defaultValue="">
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <Field label="Target" name="target" maxLength={64} hint="An account, job, dispute or email id, or a ZIP code." />
        <Button type="submit" className="w-full">
          Filter
        </Button>
      </form>
      {log.isPending && <p role="status">Loading...</p>}
      {log.isError && <p className="text-red-700">Could not load the audit log: {log.error.message}</p>}
      {log.isSuccess && entries.length === 0 && <p className="text-slate-700">No admin action matches.</p>}
      {entries.length > 0 && (
        <ol aria-label="Audit log" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="space-y-1 px-3 py-2">
              <p>
                <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.action]}</span> by {entry.actor.fullName}
              </p>
              <p className="text-slate-700">
                {formatDateTime(entry.at)} · {entry.targetType.replace('_', ' ')} <span className="break-all">{entry.targetId}</span>
              </p>
              <ul className="text-slate-800">
                {describeChanges(entry.changes).map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" className="w-full" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
