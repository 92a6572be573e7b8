import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SuspendUserRequestSchema, type AdminUserDetail } from '../../../contract/admin';
import { formatPay } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { TextareaField } from '../../components/ui/textarea-field';
import { serverMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { applyServerError } from '../../lib/form-errors';
import { notify } from '../../lib/toast';
import { formatDate, formatDateTime } from '../jobs/format';
import { adminQueries, useReactivateUser, useSuspendUser } from './api';
import { AUDIT_ACTION_LABELS } from './audit-labels';
import { ROLE_LABELS, StatusBadge } from './people-labels';

const CONSENT_LABELS = { none: 'Not requested', pending: 'Waiting for the parent', approved: 'Approved', declined: 'Declined', revoked: 'Revoked' } as const;

/** One person as an admin sees them (issue 18): account, consent, jobs, payments, the acts on them, and suspension. */
export function PersonPanel({ userId }: { userId: string }) {
  const person = useQuery(adminQueries.person(userId));
  return (
    <QueryState query={person} what="this person">
      {(detail) => <PersonDetails detail={detail} />}
    </QueryState>
  );
}

function PersonDetails({ detail }: { detail: AdminUserDetail }) {
  const { user, coordinatorZipCodes, jobs, payments, actions } = detail;
  return (
    <section aria-labelledby="person-heading" className="space-y-4">
      <Card className="space-y-2">
        <div className="flex items-start justify-between gap-3">
          <h2 id="person-heading" className="text-xl font-bold text-slate-900">
            {user.fullName}
          </h2>
          <StatusBadge status={user.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-700">Role</dt>
          <dd>{ROLE_LABELS[user.role]}</dd>
          <dt className="text-slate-700">Email</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-slate-700">Username</dt>
          <dd className="break-all">{user.username}</dd>
          <dt className="text-slate-700">ZIP code</dt>
          <dd>{user.zipCode ?? 'None'}</dd>
          <dt className="text-slate-700">Joined</dt>
          <dd>{formatDate(user.createdAt)}</dd>
          {user.parentalConsentStatus && (
            <>
              <dt className="text-slate-700">Parental consent</dt>
              <dd>{CONSENT_LABELS[user.parentalConsentStatus]}</dd>
            </>
          )}
          {user.role === 'coordinator' && (
            <>
              <dt className="text-slate-700">Coordinates</dt>
              <dd>{coordinatorZipCodes.join(', ') || 'No ZIP code'}</dd>
            </>
          )}
        </dl>
      </Card>
      <SuspensionControls detail={detail} />
      <HistoryList title="Jobs" empty="No jobs.">
        {jobs.map((job) => (
          <li key={job.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 truncate">
              {job.title} <span className="text-slate-700">({job.as === 'teen' ? 'worked' : 'posted'}, {job.status.replace('_', ' ')})</span>
            </span>
            <span className="shrink-0 font-semibold">{formatPay(job.payAmount, 2)}</span>
          </li>
        ))}
      </HistoryList>
      <HistoryList title="Payments" empty="No payments.">
        {payments.map((payment, i) => (
          <li key={`${payment.jobId}-${payment.movement}-${i}`} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 truncate">
              {payment.jobTitle} <span className="text-slate-700">({payment.movement}, {formatDate(payment.at)})</span>
            </span>
            <span className="shrink-0 font-semibold">{formatPay(payment.amount, 2)}</span>
          </li>
        ))}
      </HistoryList>
      <p className="flex flex-col gap-1 text-sm">
        <Link to={`/admin/audit-log?target=${user.id}`} className="font-medium text-brand-800 underline">
          Every act on this account in the audit log
        </Link>
        {user.role === 'admin' && (
          <Link to={`/admin/audit-log?actor=${user.id}`} className="font-medium text-brand-800 underline">
            Every act by this admin
          </Link>
        )}
      </p>
      <HistoryList title="Admin actions" empty="No admin has acted on this account.">
        {actions.map((entry) => (
          <li key={entry.id} className="py-2">
            <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.action]}</span> by {entry.actor.fullName}, {formatDateTime(entry.at)}
            {typeof entry.changes.reason === 'string' && <span className="block text-slate-700">Reason: {entry.changes.reason}</span>}
          </li>
        ))}
      </HistoryList>
    </section>
  );
}

function HistoryList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="space-y-1">
      <h3 className="font-bold">{title}</h3>
      {children.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : <ul className="divide-y divide-slate-200 text-sm">{children}</ul>}
    </section>
  );
}

/** Suspend with a reason, or reactivate; an admin's own account shows neither (the server refuses it too). */
function SuspensionControls({ detail }: { detail: AdminUserDetail }) {
  const { user: me } = useAuth();
  const suspend = useSuspendUser();
  const reactivate = useReactivateUser();
  const form = useForm<z.input<typeof SuspendUserRequestSchema>, unknown, z.output<typeof SuspendUserRequestSchema>>({
    resolver: zodResolver(SuspendUserRequestSchema),
    defaultValues: { reason: '' },
  });
  const { user } = detail;
  if (me?.id === user.id) return null;
  if (user.status === 'suspended') {
    return (
      <Button
        className="w-full"
        disabled={reactivate.isPending}
        onClick={() =>
          reactivate.mutate(user.id, {
            onSuccess: () => notify.success('Account reactivated', `${user.fullName} can sign in again.`),
            onError: (error) => notify.error('Failed to reactivate', serverMessage(error) ?? 'Please try again.'),
          })
        }
      >
        {reactivate.isPending ? 'Reactivating...' : 'Reactivate Account'}
      </Button>
    );
  }
  const onSubmit = form.handleSubmit((body) =>
    suspend.mutate(
      { userId: user.id, ...body },
      {
        onSuccess: () => {
          form.reset();
          notify.success('Account suspended', `${user.fullName} is signed out everywhere and cannot sign in.`);
        },
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Failed to suspend', serverMessage(error) ?? 'Please try again.');
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <TextareaField
        label="Reason for suspending"
        rows={3}
        required
        hint="Kept in the audit log. Suspending signs the person out at once and releases a teen's lock; their jobs and payments stay as they are."
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <Button type="submit" variant="danger" className="w-full" disabled={suspend.isPending}>
        {suspend.isPending ? 'Suspending...' : 'Suspend Account'}
      </Button>
    </form>
  );
}
