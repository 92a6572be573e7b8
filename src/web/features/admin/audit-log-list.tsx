import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditLogQuery } from '../../../contract/admin';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadMore, QueryState } from '../../components/ui/query-state';
import { SelectField } from '../../components/ui/select';
import { formatDateTime } from '../jobs/format';
import { adminQueries } from './api';
import { AUDIT_ACTION_LABELS, describeChanges } from './audit-labels';

/** Every admin act, newest first, filtered by action and target, page after page (issue 18). */
export function AuditLogList() {
  // A link may open the log already filtered (?actor=, ?target=, ?action=), say from a person's page.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<AuditLogQuery>(() => ({
    actor: params.get('actor') ?? undefined,
    target: params.get('target') ?? undefined,
    action: (params.get('action') as AuditLogQuery['action']) ?? undefined,
  }));
  const log = useInfiniteQuery({ ...adminQueries.auditLog(filters), placeholderData: keepPreviousData });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pick = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ actor: filters.actor, action: pick('action') as AuditLogQuery['action'], target: pick('target') });
  };
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className="text-lg font-bold">
        Admin actions
      </h2>
      <form role="search" onSubmit={onSubmit} className="space-y-3">
        {filters.actor && (
          <p className="text-sm text-slate-700">
            Showing the acts of one admin.{' '}
            <button type="button" className="min-h-11 font-medium text-brand-800 underline" onClick={() => setFilters(({ actor: _actor, ...rest }) => rest)}>
              Show every admin
            </button>
          </p>
        )}
        <SelectField label="Action" name="action" defaultValue={filters.action ?? ''}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <Field label="Target" name="target" defaultValue={filters.target ?? ''} maxLength={64} hint="An account, job, dispute or email id, or a ZIP code." />
        <Button type="submit" className="w-full">
          Filter
        </Button>
      </form>
      <QueryState query={log} what="the audit log">
        {({ pages }) => {
          const entries = pages.flatMap((page) => page.entries);
          if (entries.length === 0) return <p className="text-slate-700">No admin action matches.</p>;
          return (
            <>
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
              <LoadMore query={log} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
