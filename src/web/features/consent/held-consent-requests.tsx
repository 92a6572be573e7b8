import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { HeldConsentAnswer, HeldConsentRequest } from '../../../contract/consent';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { RowsOrEmpty, Section } from '../../components/ui/section';
import { messageOf, notify } from '../../lib/toast';
import { formatDateTime } from '../jobs/format';
import { consentQueries, useAnswerHeldConsent } from './api';

const TITLE = 'Consent requests waiting for approval';

/**
 * Issue 20: after a parent or guardian answered, a teen's request to a new address waits here, in the
 * console of the teen's area coordinator (/verification) and of admins (/admin-dashboard).
 */
export function HeldConsentRequests() {
  const held = useQuery(consentQueries.held());
  return (
    <Section heading={TITLE} className="space-y-3">
      <p className="text-sm text-slate-700">
        A teen asked a new parent or guardian after the first one answered. Check with the family first: approving emails the consent form to the new address.
      </p>
      <QueryState query={held} what="consent requests" loading="Loading consent requests...">
        {({ requests }) => (
          <RowsOrEmpty items={requests} label={TITLE} empty="No consent requests are waiting." className="space-y-3">
            {(request) => (
              <li key={request.id}>
                <HeldRequestCard request={request} />
              </li>
            )}
          </RowsOrEmpty>
        )}
      </QueryState>
    </Section>
  );
}

const EARLIER_ANSWERS = { declined: 'Declined', revoked: 'Revoked consent' } as const;

function HeldRequestCard({ request }: { request: HeldConsentRequest }) {
  const titleId = useId();
  const answer = useAnswerHeldConsent();
  const { earlierParent, newParent } = request;
  const send = (what: HeldConsentAnswer) =>
    answer.mutate(
      { id: request.id, answer: what },
      {
        onSuccess: ({ message }) => notify.success(what === 'approve' ? 'Request approved' : 'Request refused', message),
        onError: (error) => notify.error(what === 'approve' ? 'Could not approve' : 'Could not refuse', messageOf(error) ?? 'Please try again.'),
      },
    );
  return (
    <Card role="article" aria-labelledby={titleId} className="space-y-3">
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {request.teen.fullName}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-words text-sm">
        <dt className="text-slate-600">Earlier parent</dt>
        <dd>
          {earlierParent ? (
            <>
              {earlierParent.name} · {earlierParent.email} · {earlierParent.phone}
              <br />
              {EARLIER_ANSWERS[earlierParent.answer]} {formatDateTime(earlierParent.answeredAt)}
            </>
          ) : (
            'Unknown'
          )}
        </dd>
        <dt className="text-slate-600">New parent</dt>
        <dd>
          {newParent.name} · {newParent.email} · {newParent.phone}
        </dd>
        <dt className="text-slate-600">Asked</dt>
        <dd>{formatDateTime(request.requestedAt)}</dd>
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => send('approve')} disabled={answer.isPending} aria-describedby={titleId}>
          Approve
        </Button>
        <Button variant="secondary" onClick={() => send('refuse')} disabled={answer.isPending} aria-describedby={titleId}>
          Refuse
        </Button>
      </div>
    </Card>
  );
}
