import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SendTestEmailRequestSchema } from '../../contract/email';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Field } from '../components/ui/field';
import { TextareaField } from '../components/ui/textarea-field';
import { useSendTestEmail } from '../features/email/api';
import { EmailStatusBadge } from '../features/email/email-status';
import { applyServerError } from '../lib/form-errors';
import { notify } from '../lib/toast';

/** Spec 5: recipient, subject and message are all required; an empty recipient says so before its form is checked. */
const EmailTestFormSchema = SendTestEmailRequestSchema.extend({
  to: z.string().trim().min(1, 'Recipient is required').pipe(SendTestEmailRequestSchema.shape.to),
});

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
  const form = useForm<z.input<typeof EmailTestFormSchema>, unknown, z.output<typeof EmailTestFormSchema>>({
    resolver: zodResolver(EmailTestFormSchema),
    defaultValues: { to: '', subject: '', message: '' },
  });
  const { register, handleSubmit } = form;
  const { errors } = form.formState;
  const onSubmit = handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: () => notify.success('Email sent successfully!'),
      onError: (error) => {
        applyServerError(form, error);
        notify.error('Failed to send email', error.message ? `Error: ${error.message}` : 'Unknown error occurred');
      },
    }),
  );
  return (
    <div className="space-y-4 p-4">
      <p className="text-slate-700">Send a message through the same outbox every Yardly email uses.</p>
      {/* The schema's messages stand under the fields, where the browser's own bubbles would not. */}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Recipient" type="email" required error={errors.to?.message} {...register('to')} />
        <Field label="Subject" required error={errors.subject?.message} {...register('subject')} />
        <TextareaField label="Message" rows={5} required error={errors.message?.message} {...register('message')} />
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
