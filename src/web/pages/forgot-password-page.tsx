import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../components/page-header';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { requestPasswordReset } from '../features/auth/api';
import { messageOf, notify } from '../lib/toast';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (email.trim() === '') {
      notify.error('Email required', 'Please enter your email address');
      return;
    }
    try {
      await requestPasswordReset(email.trim());
      notify.success('Reset link sent!');
      setSentTo(email.trim());
    } catch (error) {
      notify.error('Error', messageOf(error) ?? 'Failed to send reset link');
    }
  });

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
          <form onSubmit={onSubmit} className="space-y-4">
            <p className="text-slate-700">Enter the email of your account and we'll send you a link to choose a new password.</p>
            <Field label="Email" type="email" autoComplete="email" {...register('email')} />
            <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        )}
      </div>
    </>
  );
}
