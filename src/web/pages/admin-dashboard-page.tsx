import { useQuery } from '@tanstack/react-query';
import { ROLES } from '../../contract/constants';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QueryState } from '../components/ui/query-state';
import { adminQueries } from '../features/admin/api';
import { OverviewFigures } from '../features/admin/overview-figures';
import { ConsentEvidenceSection } from '../features/consent/consent-evidence-list';
import { HeldConsentRequests } from '../features/consent/held-consent-requests';
import { EmailStatusBadge } from '../features/email/email-status';

const ROLE_TITLES = { teen: 'Teens', homeowner: 'Homeowners', coordinator: 'Coordinators', admin: 'Admins' } as const;

export default function AdminDashboardPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <DashboardHeader />
          <AdminOverviewPanel />
          <div className="px-4 pb-4">
            <HeldConsentRequests />
          </div>
          <ConsentEvidenceSection />
        </>
      )}
    </RequireRole>
  );
}

function AdminOverviewPanel() {
  const overview = useQuery(adminQueries.overview());
  return (
    <div className="space-y-4 p-4">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <nav aria-label="Admin console" className="grid grid-cols-2 gap-2">
        <ButtonLink to="/admin/people" variant="secondary">
          Find a person
        </ButtonLink>
        <ButtonLink to="/admin/audit-log" variant="secondary">
          Audit log
        </ButtonLink>
        <ButtonLink to="/admin/service-areas" variant="secondary">
          Service areas
        </ButtonLink>
        <ButtonLink to="/admin/coordinators" variant="secondary">
          Coordinators
        </ButtonLink>
        <ButtonLink to="/admin/disputes" variant="secondary">
          Disputes
        </ButtonLink>
        <ButtonLink to="/admin/challenges" variant="secondary">
          Challenges
        </ButtonLink>
      </nav>
      <QueryState query={overview} what="the overview">
        {(data) => (
          <>
            <section aria-labelledby="accounts-heading">
              <h2 id="accounts-heading" className="mb-2 text-lg font-bold">
                Accounts
              </h2>
              <dl className="grid grid-cols-2 gap-3">
                {ROLES.map((role) => (
                  <Card key={role}>
                    <dt className="text-sm text-slate-700">{ROLE_TITLES[role]}</dt>
                    <dd className="text-2xl font-bold">{data.usersByRole[role]}</dd>
                  </Card>
                ))}
              </dl>
            </section>
            <OverviewFigures overview={data} />
            <section aria-labelledby="mail-heading" className="space-y-2">
              <h2 id="mail-heading" className="text-lg font-bold">
                Email
              </h2>
              <p className="text-slate-700">
                {data.emailDelivery === 'smtp'
                  ? 'Mail is delivered over SMTP, with retries when the server is down.'
                  : 'No SMTP server is configured: mail is kept in the outbox and written to the server log.'}
              </p>
              <div className="flex gap-2">
                <ButtonLink to="/email-test" size="sm">
                  Send a test email
                </ButtonLink>
                <ButtonLink to="/sendgrid-setup" size="sm" variant="secondary">
                  Email setup guide
                </ButtonLink>
              </div>
              {data.recentEmails.length === 0 ? (
                <p className="text-slate-700">No emails yet.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
                  {data.recentEmails.map((email) => (
                    <li key={email.id} className="space-y-1 p-3 text-sm">
                      <p className="font-semibold">{email.subject}</p>
                      <p className="text-slate-700">
                        To {email.to} · {new Date(email.createdAt).toLocaleString()}
                      </p>
                      <EmailStatusBadge status={email.status} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
