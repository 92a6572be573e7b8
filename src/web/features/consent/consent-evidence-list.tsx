import { useQuery } from '@tanstack/react-query';
import type { ConsentEvidence, ConsentRequestStatus } from '../../../contract/consent';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { consentQueries } from './api';

const REQUEST_BADGES: Record<ConsentRequestStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  approved: { label: 'Approved', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  revoked: { label: 'Revoked', tone: 'red' },
  superseded: { label: 'Replaced', tone: 'slate' },
  held: { label: 'Waiting for approval', tone: 'yellow' },
  refused: { label: 'Refused', tone: 'red' },
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** Admins: the latest consent requests with their signature evidence and history. */
export function ConsentEvidenceSection() {
  const evidence = useQuery(consentQueries.evidence());
  return (
    <section aria-labelledby="consents-heading" className="space-y-2 px-4 pb-4">
      <h2 id="consents-heading" className="text-lg font-bold">
        Parental consents
      </h2>
      <QueryState query={evidence} what="consents">
        {({ consents }) =>
          consents.length === 0 ? (
            <p className="text-slate-700">No consent requests yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
              {consents.map((consent) => (
                <ConsentItem key={consent.id} consent={consent} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function ConsentItem({ consent }: { consent: ConsentEvidence }) {
  const badge = REQUEST_BADGES[consent.status];
  const { signature } = consent;
  return (
    <li className="space-y-2 p-3 text-sm" aria-label={`Consent for ${consent.teen.fullName}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="font-semibold">{consent.teen.fullName}</p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="text-slate-700">
        Parent: {consent.parent.name} · {consent.parent.email} · {consent.parent.phone}
      </p>
      <p className="text-slate-700">Sent {when(consent.sentAt)}</p>
      {signature && (
        <details className="rounded-lg bg-slate-50 p-2">
          <summary className="cursor-pointer font-semibold">Signature evidence</summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
            <dt className="text-slate-600">Signed by</dt>
            <dd>{signature.signatureName}</dd>
            <dt className="text-slate-600">Teen's date of birth</dt>
            <dd>{signature.teenDateOfBirth}</dd>
            <dt className="text-slate-600">Signed at</dt>
            <dd>{when(signature.signedAt)}</dd>
            <dt className="text-slate-600">IP address</dt>
            <dd>{signature.ipAddress}</dd>
            <dt className="text-slate-600">Browser</dt>
            <dd>{signature.userAgent ?? 'unknown'}</dd>
            <dt className="text-slate-600">Consent text</dt>
            <dd>
              version {signature.consentTextVersion}, SHA-256 {signature.consentTextSha256}
            </dd>
            <dt className="text-slate-600">Teen at signing</dt>
            <dd>
              {signature.teenName} · {signature.teenEmail}
            </dd>
            <dt className="text-slate-600">Parent at signing</dt>
            <dd>
              {signature.parentName} · {signature.parentEmail} · {signature.parentPhone}
            </dd>
          </dl>
        </details>
      )}
      <details className="rounded-lg bg-slate-50 p-2">
        <summary className="cursor-pointer font-semibold">History</summary>
        <ol className="mt-2 space-y-1">
          {consent.events.map((event, index) => (
            <li key={index}>
              {when(event.at)}: {event.action} by {event.actor} ({event.fromStatus ?? 'new'} → {event.toStatus}){event.ipAddress ? `, from ${event.ipAddress}` : ''}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
