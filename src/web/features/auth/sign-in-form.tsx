import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { LoginRequestSchema } from '../../../contract/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useAuth } from '../../lib/auth';
import { applyServerError } from '../../lib/form-errors';
import { messageOf, notify } from '../../lib/toast';

export function SignInForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof LoginRequestSchema>, unknown, z.output<typeof LoginRequestSchema>>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(LoginRequestSchema),
  });
  const { register, handleSubmit, formState } = form;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await login(email, password);
      notify.success('Welcome back!', 'You have successfully signed in.');
      // Spec 2: sign-in goes to /, which sends each role to its home.
      navigate('/');
    } catch (error) {
      applyServerError(form, error);
      notify.error('Login failed', messageOf(error) ?? 'Invalid credentials');
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
      <Field label="Email" type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
      <Field label="Password" type="password" autoComplete="current-password" required error={formState.errors.password?.message} {...register('password')} />
      <div className="text-right">
        <Link to="/forgot-password" className="text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
