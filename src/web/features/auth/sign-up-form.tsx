import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Circle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RegisterRequestSchema, UsernameSchema } from '../../../contract/auth';
import { canSubmitSignUp, signUpChecklist } from '../../../domain/registration';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { ZipCodeField } from '../../components/zip-code-field';
import { useAuth } from '../../lib/auth';
import { applyServerError, firstErrorMessage } from '../../lib/form-errors';
import { messageOf, notify } from '../../lib/toast';

/**
 * The server's registration schema, read from the form's controls: the role select starts on
 * 'Select your role', and (spec 5) a blank username is asked for before its length is checked.
 */
const SignUpFormSchema = RegisterRequestSchema.extend({
  role: z.string().pipe(RegisterRequestSchema.shape.role),
  username: z.string().trim().min(1, 'Please choose a username').pipe(UsernameSchema),
});
type SignUpValues = z.input<typeof SignUpFormSchema>;

/** Spec 5: the checks run, and the toast names the first that fails, in the schema's (the spec's) order. */
const CHECK_ORDER = Object.keys(SignUpFormSchema.shape) as (keyof SignUpValues)[];

const EMPTY: SignUpValues = { role: '', fullName: '', username: '', email: '', password: '', zipCode: '' };

export function SignUpForm() {
  const { register: registerAccount } = useAuth();
  const navigate = useNavigate();
  const form = useForm<SignUpValues, unknown, z.output<typeof SignUpFormSchema>>({ defaultValues: EMPTY, resolver: zodResolver(SignUpFormSchema) });
  const { register, handleSubmit, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const draft: SignUpValues = { ...EMPTY, ...useWatch({ control }) };
  const checklist = signUpChecklist(draft);

  const onSubmit = handleSubmit(
    async (account) => {
      try {
        await registerAccount(account);
        notify.success('Account created successfully!', 'Welcome to Yardly!');
        navigate('/');
      } catch (error) {
        applyServerError(form, error);
        notify.error('Registration failed', messageOf(error) ?? 'Registration failed. Please try again.');
      }
    },
    (refused) => notify.error('Registration failed', firstErrorMessage(refused, CHECK_ORDER)),
  );

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <SelectField id="signup-role" label="I am a" error={errors.role?.message} {...register('role')}>
        <option value="">Select your role</option>
        <option value="teen">Teen Worker (14-18)</option>
        <option value="homeowner">Homeowner</option>
      </SelectField>
      <Field label="Full name" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
      <Field label="Username" autoComplete="username" error={errors.username?.message} {...register('username')} />
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Field label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <ZipCodeField error={errors.zipCode?.message} {...register('zipCode')} />
      <ul aria-label="Sign-up checklist" className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
        {checklist.map((item) => (
          <li key={item.key} className={`flex items-center gap-2 ${item.done ? 'text-brand-800' : 'text-slate-600'}`}>
            {item.done ? <Check aria-hidden="true" className="h-4 w-4" /> : <Circle aria-hidden="true" className="h-4 w-4" />}
            <span>{item.label}</span>
            <span className="sr-only">{item.done ? '(done)' : '(not yet)'}</span>
          </li>
        ))}
      </ul>
      <Button type="submit" className="w-full" disabled={!canSubmitSignUp(draft, isSubmitting)}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
