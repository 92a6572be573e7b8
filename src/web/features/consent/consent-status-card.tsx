import { ShieldCheck } from 'lucide-react';
import type { TeenConsent } from '../../../contract/consent';
import { Card } from '../../components/ui/card';
import { ConsentStatusBadge, useTeenConsent } from './consent-status';
import { ParentalConsentLink } from './parental-consent-link';

/** What the teen is told about their consent, by status. */
export function consentSummary(consent: TeenConsent): string {
  const parent = consent.request?.parentName ?? 'your parent';
  // Issue 20: after a parent answered, a request to a new address waits for a coordinator.
  if (consent.request?.status === 'held') return `Your request to ${parent} is waiting for a coordinator's approval. We email the consent form once a coordinator says yes.`;
  if (consent.request?.status === 'refused') return `A coordinator did not approve your request to ${parent}. Talk with the parent or guardian who answered before, or contact support.`;
  switch (consent.status) {
    case 'none':
      return "You need a parent's or guardian's consent before you can accept jobs.";
    case 'pending':
      return consent.request?.expired
        ? `The link we emailed ${parent} expired. Send it again so they can sign.`
        : `We emailed ${parent} a consent form. You can accept jobs once they sign it.`;
    case 'approved':
      return `${parent} signed your consent. You can lock and accept jobs.`;
    case 'declined':
      return `${parent} declined the consent. Talk with them, then send a new request.`;
    case 'revoked':
      return `${parent} revoked your consent, so you can't lock or accept new jobs.`;
  }
}

/** The teen dashboard's consent panel: a quiet line once approved, a call to act otherwise. */
export function ConsentStatusCard({ userId }: { userId: string }) {
  const { data } = useTeenConsent(userId);
  if (!data) return null;
  const approved = data.status === 'approved';
  return (
    <Card>
      <section aria-labelledby="consent-card-title" className={approved ? 'flex items-center justify-between gap-3' : 'space-y-3'}>
        <h2 id="consent-card-title" className="flex items-center gap-2 font-bold">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
          Parental consent
        </h2>
        <ConsentStatusBadge status={data.status} />
        {!approved && (
          <>
            <p className="text-sm text-slate-700">{consentSummary(data)}</p>
            <ParentalConsentLink status={data.status} />
          </>
        )}
      </section>
    </Card>
  );
}
