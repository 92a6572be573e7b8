import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ForgotPasswordRequestSchema } from '../../contract/auth';
import { PageHeader } from '../components/page-header';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { requestPasswordReset } from '../features/auth/api';
import { applyServerError } from '../lib/form-errors';
import { messageOf, notify } from '../lib/toast';

/** Spec 5: an empty email is asked for ('Email required') before its form is checked. */
const EMAIL_REQUIRED = 'Please enter your email address';
const ForgotPasswordFormSchema = ForgotPasswordRequestSchema.extend({
  email: z.string().trim().min(1, EMAIL_REQUIRED).pipe(ForgotPasswordRequestSchema.shape.email),
});

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof ForgotPasswordFormSchema>, unknown, z.output<typeof ForgotPasswordFormSchema>>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { register, handleSubmit, formState, reset } = form;

  const onSubmit = handleSubmit(
    async ({ email }) => {
      try {
        await requestPasswordReset(email);
        notify.success('Reset link sent!');
        setSentTo(email);
      } catch (error) {
        applyServerError(form, error);
        notify.error('Error', messageOf(error) ?? 'Failed to send reset link');
      }
    },
    (refused) => {
      const message = refused.email?.message;
      if (message) notify.error(message === EMAIL_REQUIRED ? 'Email required' : 'Error', message);
    },
  );

  return (
    <>
      <PageHeader title="Forgot Password" backTo="/auth" backLabel="Back to sign in" />
      <div className="space-y-4 p-4">
        {sentTo ? (
          <div className="space-y-4 text-center" role="status">
            <MailCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
            <h2 className="text-2xl font-bold">Check Your Email</h2>
            <p className="text-slate-700">
              If an account exists for <strong>{sentTo}</strong>, we sent a link to reset the password. The link works once and expires in one hour.
            </p>
            <p className="text-slate-700">
              Didn't get it? Check your spam folder or{' '}
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => {
                  reset();
                  setSentTo(null);
                }}
              >
                try again
              </button>
              .
            </p>
            <ButtonLink to="/auth" variant="secondary" className="w-full">
              Back to Sign In
            </ButtonLink>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-slate-700">Enter the email of your account and we'll send you a link to choose a new password.</p>
            <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
            <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        )}
      </div>
    </>
  );
}
