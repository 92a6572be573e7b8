import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { USER_STATUSES, type AdminUsersQuery } from '../../../contract/admin';
import { ROLES } from '../../../contract/constants';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadMore, QueryState } from '../../components/ui/query-state';
import { SelectField } from '../../components/ui/select';
import { adminQueries } from './api';
import { ROLE_LABELS, StatusBadge } from './people-labels';

/** People found by name, email or username, filtered by role and status, page after page (issue 18). */
export function PeopleSearch() {
  const [filters, setFilters] = useState<AdminUsersQuery>({});
  const people = useInfiniteQuery({ ...adminQueries.people(filters), placeholderData: keepPreviousData });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pick = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ query: pick('query'), role: pick('role') as AdminUsersQuery['role'], status: pick('status') as AdminUsersQuery['status'] });
  };
  return (
    <section aria-labelledby="people-heading" className="space-y-3">
      <h2 id="people-heading" className="text-lg font-bold">
        Find a person
      </h2>
      <form role="search" onSubmit={onSubmit} className="space-y-3">
        <Field label="Name, email or username" name="query" type="search" maxLength={100} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Role" name="role" defaultValue="">
            <option value="">Any role</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" name="status" defaultValue="">
            <option value="">Any status</option>
            {USER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status === 'active' ? 'Active' : 'Suspended'}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" className="w-full">
          Search
        </Button>
      </form>
      <QueryState query={people} what="people">
        {({ pages }) => {
          const rows = pages.flatMap((page) => page.users);
          if (rows.length === 0) return <p className="text-slate-700">No one matches.</p>;
          return (
            <>
              <ul aria-label="People" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {rows.map((person) => (
                  <li key={person.id}>
                    <Link to={`?person=${person.id}`} className="flex min-h-11 items-center justify-between gap-3 px-3 py-2 hover:bg-slate-50">
                      <span className="min-w-0">
                        <span className="block truncate font-semibold text-slate-900">{person.fullName}</span>
                        <span className="block truncate text-sm text-slate-700">
                          {ROLE_LABELS[person.role]} · {person.email}
                        </span>
                      </span>
                      <StatusBadge status={person.status} />
                    </Link>
                  </li>
                ))}
              </ul>
              <LoadMore query={people} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
