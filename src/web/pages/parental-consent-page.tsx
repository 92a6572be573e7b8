import { zodResolver } from '@hookform/resolvers/zod';
import { Hourglass, MailCheck, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import type { z } from 'zod';
import type { User } from '../../contract/auth';
import { SendConsentRequestSchema, type SendConsentRequest, type TeenConsent } from '../../contract/consent';
import { FULL_NAME_MAX_LENGTH } from '../../contract/constants';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { QueryState } from '../components/ui/query-state';
import { useSendConsent } from '../features/consent/api';
import { consentSummary } from '../features/consent/consent-status-card';
import { ConsentStatusBadge, useTeenConsent } from '../features/consent/consent-status';
import { ConsentSteps } from '../features/consent/consent-steps';
import { applyServerError } from '../lib/form-errors';
import { messageOf, notify } from '../lib/toast';

export default function ParentalConsentPage() {
  return <RequireRole roles={['teen']}>{(user) => <ParentalConsent user={user} />}</RequireRole>;
}

function ParentalConsent({ user }: { user: User }) {
  const consent = useTeenConsent(user.id);
  const [editing, setEditing] = useState(false);
  // Spec 2: an approved teen has nothing to do here.
  if (consent.data?.status === 'approved') return <Navigate to="/teen-dashboard" replace />;
  const showForm = consent.data && (consent.data.status !== 'pending' || editing);
  return (
    <>
      <PageHeader title="Parental Consent" backTo="/teen-dashboard" backLabel="Back to dashboard" />
      <div className="space-y-5 p-4">
        <ConsentSteps current={showForm ? 0 : 1} />
        <QueryState query={consent} what="your consent status">
          {(status) => (
            <>
              <div className="flex items-center gap-2">
                <ConsentStatusBadge status={status.status} />
              </div>
              {showForm ? (
                <ParentInfoStep consent={status} onSent={() => setEditing(false)} />
              ) : status.request?.status === 'held' ? (
                <HeldStep consent={status} onChange={() => setEditing(true)} />
              ) : (
                <SentStep consent={status} onChange={() => setEditing(true)} />
              )}
            </>
          )}
        </QueryState>
        <SafetyFirst />
      </div>
    </>
  );
}

/** Step 1 (spec 2 and 5): the parent's name, email and phone, all required. */
function ParentInfoStep({ consent, onSent }: { consent: TeenConsent; onSent(): void }) {
  const send = useSendConsent();
  const form = useForm<SendConsentRequest, unknown, z.output<typeof SendConsentRequestSchema>>({
    resolver: zodResolver(SendConsentRequestSchema),
    defaultValues: { parentName: consent.request?.parentName ?? '', parentEmail: consent.request?.parentEmail ?? '', parentPhone: consent.request?.parentPhone ?? '' },
  });
  const { register, handleSubmit } = form;
  const { errors } = form.formState;
  const onSubmit = handleSubmit((request) =>
    send.mutate(request, {
      onSuccess: ({ consent: sent }) => {
        if (sent.request?.status === 'held') notify.success('Waiting for approval', `A coordinator checks your request to ${request.parentName} before we email it.`);
        else notify.success('Consent form sent!', `We emailed ${request.parentName} a link to sign.`);
        onSent();
      },
      onError: (error) => {
        applyServerError(form, error);
        notify.error('Failed to send', messageOf(error) ?? 'Please try again or contact support.');
      },
    }),
  );
  const notice = consent.status === 'declined' || consent.status === 'revoked' ? consentSummary(consent) : null;
  return (
    <section aria-labelledby="parent-info-title" className="space-y-4">
      <h2 id="parent-info-title" className="text-xl font-bold">
        Parent or guardian information
      </h2>
      {notice && (
        <p role="status" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {notice}
        </p>
      )}
      <p className="text-slate-700">We will email your parent or guardian a consent form to sign online. You can accept jobs once they sign.</p>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Parent or guardian name"
          autoComplete="off"
          aria-required="true"
          maxLength={FULL_NAME_MAX_LENGTH}
          error={errors.parentName?.message}
          {...register('parentName')}
        />
        <Field label="Parent email" type="email" autoComplete="off" aria-required="true" maxLength={254} error={errors.parentEmail?.message} {...register('parentEmail')} />
        <Field label="Parent phone" type="tel" autoComplete="off" aria-required="true" maxLength={30} placeholder="(617) 555-0142" error={errors.parentPhone?.message} {...register('parentPhone')} />
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Consent Form'}
        </Button>
      </form>
    </section>
  );
}

/** Step 2 (spec 2): the form was sent; what happens next; resend or correct while pending. */
function SentStep({ consent, onChange }: { consent: TeenConsent; onChange(): void }) {
  const send = useSendConsent();
  const request = consent.request!;
  const resend = () =>
    send.mutate(
      { parentName: request.parentName, parentEmail: request.parentEmail, parentPhone: request.parentPhone },
      {
        onSuccess: () => notify.success('Consent form sent!', `We emailed ${request.parentName} a new link. The old one no longer works.`),
        onError: (error) => notify.error('Failed to send', messageOf(error) ?? 'Please try again or contact support.'),
      },
    );
  return (
    <section aria-labelledby="sent-title" className="space-y-4">
      <div className="space-y-2 text-center">
        <MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
        <h2 id="sent-title" className="text-xl font-bold">
          Waiting for your parent's e-signature
        </h2>
        <p className="text-slate-700">
          We emailed a consent form to {request.parentName} at <span className="font-semibold">{request.parentEmail}</span>.
        </p>
      </div>
      {request.expired && (
        <p role="alert" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="h-5 w-5 shrink-0" />
          {consentSummary(consent)}
        </p>
      )}
      <section aria-labelledby="next-title" className="space-y-2 rounded-2xl bg-slate-50 p-4">
        <h3 id="next-title" className="font-bold">
          What happens next
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          <li>Your parent opens the link in the email. It works for 7 days.</li>
          <li>They read the consent, confirm your date of birth and sign with their full name.</li>
          <li>We email you, and you can start accepting jobs.</li>
        </ol>
      </section>
      <ButtonLink to="/" className="w-full">
        Continue Browsing
      </ButtonLink>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={resend} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Resend Email'}
        </Button>
        <Button variant="secondary" onClick={onChange} disabled={send.isPending}>
          Change Details
        </Button>
      </div>
    </section>
  );
}

/**
 * Issue 20: a request to a new address after a parent answered waits for a coordinator; nothing is
 * emailed to it before. The teen may still change it (which asks again).
 */
function HeldStep({ consent, onChange }: { consent: TeenConsent; onChange(): void }) {
  const request = consent.request!;
  return (
    <section aria-labelledby="held-title" className="space-y-4">
      <div className="space-y-2 text-center">
        <Hourglass aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
        <h2 id="held-title" className="text-xl font-bold">
          Waiting for a coordinator's approval
        </h2>
        <p className="text-slate-700">
          Your request to {request.parentName} at <span className="font-semibold">{request.parentEmail}</span> is waiting for a coordinator's approval.
        </p>
        <p className="text-slate-700">
          A parent or guardian already answered, so a Yardly coordinator checks a new address before we email it. We let the parent or guardian who answered
          know about this request.
        </p>
      </div>
      <section aria-labelledby="held-next-title" className="space-y-2 rounded-2xl bg-slate-50 p-4">
        <h3 id="held-next-title" className="font-bold">
          What happens next
        </h3>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          <li>A coordinator checks your request. They may call your family.</li>
          <li>Once they approve it, we email the consent form to {request.parentName}.</li>
          <li>When they sign it, you can start accepting jobs.</li>
        </ol>
      </section>
      <ButtonLink to="/" className="w-full">
        Continue Browsing
      </ButtonLink>
      <Button variant="secondary" className="w-full" onClick={onChange}>
        Change Details
      </Button>
    </section>
  );
}

/** Spec 2: the safety-first box. */
function SafetyFirst() {
  return (
    <section aria-labelledby="safety-first-title" className="space-y-2 rounded-2xl border border-blue-200 bg-blue-50 p-4">
      <h2 id="safety-first-title" className="flex items-center gap-2 font-bold text-blue-900">
        <ShieldCheck aria-hidden="true" className="h-5 w-5" />
        Safety First
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-blue-900">
        <li>Every job is supervised by a background-checked adult coordinator.</li>
        <li>Work happens only between 6 AM and 8 PM, and high-risk jobs are not allowed.</li>
        <li>Your parent can revoke consent at any time.</li>
        <li>Your date of birth is never shown to homeowners or other teens.</li>
      </ul>
    </section>
  );
}
