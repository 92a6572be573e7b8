import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { SignConsentRequestSchema, type ConsentLinkView } from '../../contract/consent';
import { FULL_NAME_MAX_LENGTH } from '../../contract/constants';
import { Brand } from '../components/brand';
import { Button, ButtonLink } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { Field } from '../components/ui/field';
import { LoadingLine } from '../components/ui/query-state';
import { consentQueries, useConsentDecision } from '../features/consent/api';
import { safetyQueries } from '../features/safety/api';
import { ParentLimitsForm } from '../features/safety/parent-limits-form';
import { ApiError } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import { messageOf, notify } from '../lib/toast';

/** The titles of a link that no longer opens; the server's message says what to do. */
const REFUSED_TITLES: Record<string, string> = {
  CONSENT_LINK_INVALID: 'This link is not valid',
  CONSENT_LINK_EXPIRED: 'This link has expired',
  CONSENT_LINK_REPLACED: 'A newer link was sent',
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Design 1 and 5: the parent has no account; the emailed link is their way in. */
export default function ConsentLinkPage() {
  const { token = '' } = useParams();
  const link = useQuery(consentQueries.link(token));
  return (
    <>
      <header className="border-b border-slate-200 px-4 py-3">
        <Brand className="text-xl" />
      </header>
      <div className="space-y-5 p-4">
        {link.isPending && <LoadingLine />}
        {link.isError && <RefusedLink error={link.error} />}
        {link.data && <ConsentLink token={token} view={link.data} />}
      </div>
    </>
  );
}

function RefusedLink({ error }: { error: Error }) {
  const title = (error instanceof ApiError && error.code && REFUSED_TITLES[error.code]) || 'This link cannot be opened';
  return (
    <div role="alert" className="space-y-3 text-center">
      <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{error.message}</p>
      <ButtonLink to="/how-it-works" variant="secondary">
        How Yardly works
      </ButtonLink>
    </div>
  );
}

function ConsentLink({ token, view }: { token: string; view: ConsentLinkView }) {
  return (
    <>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">{view.teenName} asks for your consent</h1>
        <p className="text-slate-700">
          Hi {view.parentName}, {view.teenName} would like to take local outdoor jobs through Yardly. Teens under 18 need a parent's or guardian's consent
          first. Sent {formatDate(view.sentAt)}.
        </p>
      </div>
      {view.status === 'pending' && (
        <>
          <ConsentDocument view={view} />
          <SignForm token={token} view={view} />
        </>
      )}
      {view.status === 'approved' && <ApprovedPanel token={token} view={view} />}
      {view.status === 'declined' && (
        <Outcome icon="no" title="You declined">
          You declined on {formatDate(view.decidedAt!)}. {view.teenName} cannot accept jobs on Yardly. If you change your mind, ask {view.teenName} to send a new
          request.
        </Outcome>
      )}
      {view.status === 'revoked' && (
        <Outcome icon="no" title="Consent revoked">
          You revoked your consent on {formatDate(view.revokedAt!)}. {view.teenName} can no longer lock or accept new jobs.
        </Outcome>
      )}
    </>
  );
}

/** The versioned text the signature binds to: what the teen will do, the safety rules, the consent. */
function ConsentDocument({ view }: { view: ConsentLinkView }) {
  const { consentText } = view;
  return (
    <article aria-labelledby="consent-text-title" className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <h2 id="consent-text-title" className="text-lg font-bold">
        Parental consent
      </h2>
      {consentText.sections.map((section) => (
        <section key={section.heading} className="space-y-2">
          <h3 className="font-bold">{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <p className="break-all text-xs text-slate-600">
        Version {consentText.version} · SHA-256 {consentText.sha256}
      </p>
    </article>
  );
}

/** The server's signature schema, read from the form: the box starts unticked. */
const SignFormSchema = SignConsentRequestSchema.extend({ agree: z.boolean().pipe(SignConsentRequestSchema.shape.agree) });

function SignForm({ token, view }: { token: string; view: ConsentLinkView }) {
  const decide = useConsentDecision(token);
  const [declining, setDeclining] = useState(false);
  const agreeId = useId();
  const form = useForm<z.input<typeof SignFormSchema>, unknown, z.output<typeof SignFormSchema>>({
    resolver: zodResolver(SignFormSchema),
    defaultValues: { teenDateOfBirth: '', signatureName: '', agree: false },
  });
  const { register, handleSubmit } = form;
  const { errors } = form.formState;

  const onSign = handleSubmit((signature) =>
    decide.mutate(
      { action: 'sign', body: { ...signature, consentTextVersion: view.consentText.version } },
      {
        onSuccess: ({ message }) => notify.success('Consent signed', message),
        onError: (error) => {
          applyServerError(form, error);
          notify.error('Could not sign', messageOf(error) ?? 'Please try again.');
        },
      },
    ),
  );

  const onDecline = () =>
    decide.mutate(
      { action: 'decline' },
      {
        onSuccess: ({ message }) => notify.success('Consent declined', message),
        onError: (error) => notify.error('Could not decline', messageOf(error) ?? 'Please try again.'),
        onSettled: () => setDeclining(false),
      },
    );

  return (
    <section aria-labelledby="sign-title" className="space-y-4">
      <h2 id="sign-title" className="text-lg font-bold">
        Sign the consent
      </h2>
      <form onSubmit={onSign} noValidate className="space-y-4">
        <Field
          label={`${view.teenName}'s date of birth`}
          type="date"
          aria-required="true"
          hint="Yardly is for teens aged 14 to 18. It is kept private."
          error={errors.teenDateOfBirth?.message}
          {...register('teenDateOfBirth')}
        />
        <Field
          label="Type your full name to sign"
          autoComplete="name"
          aria-required="true"
          maxLength={FULL_NAME_MAX_LENGTH}
          error={errors.signatureName?.message}
          className="font-serif italic"
          {...register('signatureName')}
        />
        <div className="space-y-1">
          <div className="flex items-start gap-3">
            <input
              id={agreeId}
              type="checkbox"
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              aria-invalid={errors.agree ? true : undefined}
              aria-describedby={errors.agree ? `${agreeId}-error` : undefined}
              {...register('agree')}
            />
            <label htmlFor={agreeId} className="text-slate-800">
              I am {view.teenName}'s parent or legal guardian, I have read this consent and I agree to it.
            </label>
          </div>
          {errors.agree && (
            <p id={`${agreeId}-error`} className="text-sm text-red-700">
              {errors.agree.message}
            </p>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={decide.isPending}>
          {decide.isPending && !declining ? 'Signing...' : 'Sign Consent'}
        </Button>
        <Button variant="secondary" className="w-full" disabled={decide.isPending} onClick={() => setDeclining(true)}>
          Decline
        </Button>
      </form>
      <p className="text-sm text-slate-600">This link works until {formatDate(view.expiresAt)}.</p>
      <ConfirmDialog
        open={declining}
        onOpenChange={(open) => !decide.isPending && setDeclining(open)}
        title="Decline consent?"
        description={`${view.teenName} will not be able to accept jobs on Yardly. They can send you a new request later.`}
        confirmLabel="Decline Consent"
        cancelLabel="Go Back"
        confirmVariant="danger"
        pending={decide.isPending}
        onConfirm={onDecline}
      />
    </section>
  );
}

function ApprovedPanel({ token, view }: { token: string; view: ConsentLinkView }) {
  const decide = useConsentDecision(token);
  const [revoking, setRevoking] = useState(false);
  const onRevoke = () =>
    decide.mutate(
      { action: 'revoke' },
      {
        onSuccess: ({ message }) => notify.success('Consent revoked', message),
        onError: (error) => notify.error('Could not revoke', messageOf(error) ?? 'Please try again.'),
        onSettled: () => setRevoking(false),
      },
    );
  return (
    <>
      <Outcome icon="yes" title="Consent given">
        You signed as {view.signatureName} on {formatDate(view.decidedAt!)}. {view.teenName} can accept jobs on Yardly.
      </Outcome>
      <ParentLimitsPanel token={token} teenName={view.teenName} />
      {view.actions.includes('revoke') && (
        <section aria-labelledby="revoke-title" className="space-y-2 rounded-2xl border border-slate-200 p-4">
          <h2 id="revoke-title" className="font-bold">
            Changed your mind?
          </h2>
          <p className="text-slate-700">Revoking stops {view.teenName} from locking or accepting new jobs at once. Keep the email: this page is where you do it.</p>
          <Button variant="danger" className="w-full" onClick={() => setRevoking(true)}>
            Revoke Consent
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={revoking}
        onOpenChange={(open) => !decide.isPending && setRevoking(open)}
        title="Revoke consent?"
        description={`${view.teenName} will not be able to lock or accept new jobs from now on.`}
        confirmLabel="Revoke Consent"
        cancelLabel="Keep Consent"
        confirmVariant="danger"
        pending={decide.isPending}
        onConfirm={onRevoke}
      />
    </>
  );
}

/** The parent's own limits (issue 21), where the link lets them set some: the server answers whether it does. */
function ParentLimitsPanel({ token, teenName }: { token: string; teenName: string }) {
  const limits = useQuery(safetyQueries.parentLimits(token));
  return limits.data ? <ParentLimitsForm token={token} teenName={teenName} limits={limits.data} /> : null;
}

function Outcome({ icon, title, children }: { icon: 'yes' | 'no'; title: string; children: React.ReactNode }) {
  const Icon = icon === 'yes' ? CircleCheck : CircleX;
  return (
    <section aria-labelledby="outcome-title" role="status" className="space-y-2 rounded-2xl border border-slate-200 bg-slate-50 p-4 text-center">
      <Icon aria-hidden="true" className={`mx-auto h-12 w-12 ${icon === 'yes' ? 'text-brand-700' : 'text-red-700'}`} />
      <h2 id="outcome-title" className="text-xl font-bold">
        {title}
      </h2>
      <p className="text-slate-700">{children}</p>
    </section>
  );
}
