import { Tabs } from 'radix-ui';
import { Navigate } from 'react-router';
import { homePathForRole } from '../../domain/users';
import { Brand } from '../components/brand';
import { PageHeader } from '../components/page-header';
import { SignInForm } from '../features/auth/sign-in-form';
import { SignUpForm } from '../features/auth/sign-up-form';
import { SocialButtons } from '../features/auth/social-buttons';
import { useAuth } from '../lib/auth';

const tabClasses =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';

export default function AuthPage() {
  const { user } = useAuth();
  if (user) return <Navigate to={homePathForRole(user.role)} replace />;
  return (
    <>
      <PageHeader title="Sign in to Yardly" backTo="/" backLabel="Back to home" />
      <div className="space-y-6 p-4">
        <p className="text-center">
          <Brand className="text-2xl" />
        </p>
        <SocialButtons />
        <Tabs.Root defaultValue="signin">
          <Tabs.List aria-label="Sign in or sign up" className="mb-4 flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tabs.Trigger value="signin" className={tabClasses}>
              Sign In
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClasses}>
              Sign Up
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="signin">
            <SignInForm />
          </Tabs.Content>
          <Tabs.Content value="signup">
            <SignUpForm />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </>
  );
}
