import { Check, Circle } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { canSubmitSignUp, firstSignUpProblem, signUpChecklist, type SignUpDraft } from '../../../domain/registration';
import { Button } from '../../components/ui/button';
import { ZipCodeField } from '../../components/zip-code-field';
import { Field } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { messageOf, notify } from '../../lib/toast';

const EMPTY: SignUpDraft = { role: '', fullName: '', username: '', email: '', password: '', zipCode: '' };

export function SignUpForm() {
  const { register: registerAccount } = useAuth();
  const navigate = useNavigate();
  const { register, handleSubmit, control } = useForm<SignUpDraft>({ defaultValues: EMPTY });
  const [isPending, setIsPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const draft: SignUpDraft = { ...EMPTY, ...useWatch({ control }) };
  const checklist = signUpChecklist(draft);

  const onSubmit = handleSubmit(async (values) => {
    const problem = firstSignUpProblem(values);
    if (problem) {
      notify.error('Registration failed', problem);
      return;
    }
    setIsPending(true);
    setFieldErrors({});
    try {
      await registerAccount({ ...values, fullName: values.fullName.trim(), username: values.username.trim(), zipCode: values.zipCode.trim() });
      notify.success('Account created successfully!', 'Welcome to Yardly!');
      navigate('/');
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setFieldErrors(error.fields);
      }
      notify.error('Registration failed', messageOf(error) ?? 'Registration failed. Please try again.');
    } finally {
      setIsPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className="space-y-1">
        <label htmlFor="signup-role" className="block text-sm font-medium text-slate-800">
          I am a
        </label>
        <select
          id="signup-role"
          className="block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base"
          {...register('role')}
        >
          <option value="">Select your role</option>
          <option value="teen">Teen Worker (14-18)</option>
          <option value="homeowner">Homeowner</option>
        </select>
      </div>
      <Field label="Full name" autoComplete="name" error={fieldErrors.fullName} {...register('fullName')} />
      <Field label="Username" autoComplete="username" error={fieldErrors.username} {...register('username')} />
      <Field label="Email" type="email" autoComplete="email" error={fieldErrors.email} {...register('email')} />
      <Field label="Password" type="password" autoComplete="new-password" error={fieldErrors.password} {...register('password')} />
      <ZipCodeField error={fieldErrors.zipCode} {...register('zipCode')} />
      <ul aria-label="Sign-up checklist" className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        {checklist.map((item) => (
          <li key={item.key} className={`flex items-center gap-2 ${item.done ? 'text-brand-800' : 'text-slate-600'}`}>
            {item.done ? <Check aria-hidden="true" className="h-4 w-4" /> : <Circle aria-hidden="true" className="h-4 w-4" />}
            <span>{item.label}</span>
            <span className="sr-only">{item.done ? '(done)' : '(not yet)'}</span>
          </li>
        ))}
      </ul>
      <Button type="submit" className="w-full" disabled={!canSubmitSignUp(draft, isPending)}>
        {isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
