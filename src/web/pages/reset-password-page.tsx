import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ResetPasswordRequestSchema } from '../../contract/auth';
import { RESET_REDIRECT_DELAY_MS } from '../../contract/constants';
import { PageHeader } from '../components/page-header';
import { Button, ButtonLink } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { resetPassword } from '../features/auth/api';
import { ApiError } from '../lib/api';
import { applyServerError } from '../lib/form-errors';
import { messageOf, notify } from '../lib/toast';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token ? 'form' : 'invalid');
  const navigate = useNavigate();

  useEffect(() => {
    if (token) return;
    // Spec 5: a missing token is announced, then the person is sent to request a new link.
    notify.error('Invalid reset link', 'The reset token is missing. Please request a new reset link.', 'missing-reset-token');
    const timer = setTimeout(() => navigate('/forgot-password'), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token, navigate]);

  return (
    <>
      <PageHeader title="Reset Password" backTo="/auth" backLabel="Back to sign in" />
      <div className="p-4">
        {state === 'invalid' && <InvalidLink />}
        {state === 'done' && <PasswordUpdated />}
        {state === 'form' && token && <NewPasswordForm token={token} onDone={() => setState('done')} onInvalid={() => setState('invalid')} />}
      </div>
    </>
  );
}

/** The server's new password, typed twice (spec 5: the two must match). */
const NewPasswordFormSchema = ResetPasswordRequestSchema.pick({ newPassword: true })
  .extend({ confirmation: z.string() })
  .refine(({ newPassword, confirmation }) => newPassword === confirmation, { path: ['confirmation'], message: "Passwords don't match" });
type NewPassword = z.input<typeof NewPasswordFormSchema>;

/** Spec 5's words for the first rule the new password breaks, in the spec's order. */
function newPasswordProblem(errors: FieldErrors<NewPassword>, password: string): { title: string; description?: string } | null {
  const { newPassword, confirmation } = errors;
  if (newPassword) {
    if (password === '') return { title: 'Password required' };
    return newPassword.type === 'too_small' ? { title: 'Password too short', description: newPassword.message } : { title: newPassword.message ?? 'Password not accepted' };
  }
  return confirmation?.message ? { title: confirmation.message } : null;
}

function NewPasswordForm({ token, onDone, onInvalid }: { token: string; onDone(): void; onInvalid(): void }) {
  // Checked as the person types: the button waits until both rules hold (spec 5).
  const form = useForm<NewPassword, unknown, z.output<typeof NewPasswordFormSchema>>({
    mode: 'onChange',
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const { register, handleSubmit, control, formState } = form;
  const password = useWatch({ control, name: 'newPassword' });
  const problem = newPasswordProblem(formState.errors, password);

  const onSubmit = handleSubmit(
    async ({ newPassword }) => {
      try {
        await resetPassword(token, newPassword);
        onDone();
      } catch (error) {
        applyServerError(form, error);
        notify.error('Error', messageOf(error) ?? 'Failed to reset password');
        if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') onInvalid();
      }
    },
    (refused) => {
      const failed = newPasswordProblem(refused, form.getValues('newPassword'));
      if (failed) notify.error(failed.title, failed.description);
    },
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <p className="text-slate-700">Choose a new password of at least 6 characters.</p>
      {/* A change of the password checks the confirmation again. */}
      <Field label="New password" type="password" autoComplete="new-password" {...register('newPassword', { deps: 'confirmation' })} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...register('confirmation')} />
      {problem && password !== '' && (
        <p className="text-sm text-slate-700" role="status">
          {problem.title}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!formState.isValid || formState.isSubmitting}>
        {formState.isSubmitting ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}

function PasswordUpdated() {
  return (
    <div className="space-y-4 text-center" role="status">
      <CircleCheck aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
      <h2 className="text-2xl font-bold">Password Updated!</h2>
      <p className="text-slate-700">Your password was changed and you were signed out everywhere. Sign in with the new password.</p>
      <ButtonLink to="/auth" className="w-full">
        Go to Sign In
      </ButtonLink>
    </div>
  );
}

function InvalidLink() {
  return (
    <div className="space-y-4 text-center" role="alert">
      <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
      <h2 className="text-2xl font-bold">Invalid link</h2>
      <p className="text-slate-700">This reset link is invalid or missing the reset token.</p>
      <ButtonLink to="/forgot-password" className="w-full">
        Request New Reset Link
      </ButtonLink>
    </div>
  );
}
