import { Navigate } from 'react-router';
import { homePathForRole } from '../../domain/users';
import { Brand } from '../components/brand';
import { PageHeader } from '../components/page-header';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs';
import { SignInForm } from '../features/auth/sign-in-form';
import { SignUpForm } from '../features/auth/sign-up-form';
import { SocialButtons } from '../features/auth/social-buttons';
import { useAuth } from '../lib/auth';

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
        <Tabs defaultValue="signin">
          <TabList aria-label="Sign in or sign up" className="mb-4">
            <Tab value="signin">Sign In</Tab>
            <Tab value="signup">Sign Up</Tab>
          </TabList>
          <TabPanel value="signin">
            <SignInForm />
          </TabPanel>
          <TabPanel value="signup">
            <SignUpForm />
          </TabPanel>
        </Tabs>
      </div>
    </>
  );
}
