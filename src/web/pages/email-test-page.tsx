import { useForm } from 'react-hook-form';
import type { SendTestEmailRequest } from '../../contract/email';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { useSendTestEmail } from '../features/email/api';
import { EmailStatusBadge } from '../features/email/email-status';
import { notify } from '../lib/toast';

export default function EmailTestPage() {
  return (
    <RequireRole roles={['admin']}>
      {() => (
        <>
          <PageHeader title="Email Test" backTo="/admin-dashboard" />
          <EmailTestForm />
        </>
      )}
    </RequireRole>
  );
}

function EmailTestForm() {
  const send = useSendTestEmail();
  const { register, handleSubmit, formState } = useForm<SendTestEmailRequest>({ defaultValues: { to: '', subject: '', message: '' } });
  const onSubmit = handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: () => notify.success('Email sent successfully!'),
      onError: (error) => notify.error('Failed to send email', error.message ? `Error: ${error.message}` : 'Unknown error occurred'),
    }),
  );
  return (
    <div className="space-y-4 p-4">
      <p className="text-slate-700">Send a message through the same outbox every Yardly email uses.</p>
      <form onSubmit={onSubmit} className="space-y-4">
        <Field label="Recipient" type="email" required error={formState.errors.to && 'Recipient is required'} {...register('to', { required: true })} />
        <Field label="Subject" required error={formState.errors.subject && 'Subject is required'} {...register('subject', { required: true })} />
        <div className="space-y-1">
          <label htmlFor="email-test-message" className="block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id="email-test-message"
            rows={5}
            required
            aria-invalid={formState.errors.message ? true : undefined}
            className="block w-full rounded-lg border border-slate-400 p-3 text-base"
            {...register('message', { required: true })}
          />
          {formState.errors.message && <p className="text-sm text-red-700">Message is required</p>}
        </div>
        <Button type="submit" className="w-full" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Test Email'}
        </Button>
      </form>
      <Card aria-live="polite">
        <h2 className="mb-2 font-bold">Status</h2>
        {send.isIdle && <p className="text-slate-700">No email sent yet.</p>}
        {send.isPending && <p className="text-slate-700">Sending...</p>}
        {send.isError && <p className="text-red-700">Error: {send.error.message}</p>}
        {send.data && (
          <div className="space-y-1 text-sm">
            <p>
              To <strong>{send.data.to}</strong>: {send.data.subject}
            </p>
            <EmailStatusBadge status={send.data.status} />
            {send.data.lastError && <p className="text-red-700">Last error: {send.data.lastError}</p>}
          </div>
        )}
      </Card>
    </div>
  );
}
