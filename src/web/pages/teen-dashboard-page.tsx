import { lazy, Suspense, type ComponentType } from 'react';
import { firstNameOf } from '../../domain/users';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { LoadingLine } from '../components/ui/query-state';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs';
import { ConsentStatusCard } from '../features/consent/consent-status-card';
import { TeenJobOverview } from '../features/jobs/teen-job-overview';
import { WalletCard } from '../features/payments/wallet-card';
import { LatestAchievementBanner } from '../features/progress/latest-achievement-banner';
import { AiJobsTab } from '../features/recommendations/ai-jobs-tab';
import { WorkHoursCard } from '../features/safety/work-hours-card';
import { AvailabilityToggle } from '../features/users/availability-toggle';
import { useTabParam } from '../lib/use-tab-param';

/** The Progress tab's code loads when it is first opened: a cheap phone opening the dashboard skips it. */
const ProgressTab = lazy(() => import('../features/progress/progress-tab'));

/** Spec 2's tabs, in order; the first is the default. */
const TABS: readonly { value: string; label: string; Panel: ComponentType<{ teenId: string }> }[] = [
  { value: 'ai-jobs', label: 'AI Jobs', Panel: AiJobsTab },
  { value: 'dashboard', label: 'Dashboard', Panel: TeenJobOverview },
  { value: 'progress', label: 'Progress', Panel: ProgressTab },
];
const TAB_VALUES = TABS.map((tab) => tab.value);

export default function TeenDashboardPage() {
  return (
    <RequireRole roles={['teen']}>
      {(user) => (
        <>
          <DashboardHeader />
          <div className="space-y-4 p-4">
            <h1 className="text-2xl font-bold">Welcome back, {firstNameOf(user.fullName)}!</h1>
            <WalletCard userId={user.id} />
            <AvailabilityToggle isAvailable={user.isAvailable} />
            {/* The limits follow the age the parent confirmed at consent: until then none is known. */}
            {user.parentalConsentStatus === 'approved' && <WorkHoursCard teenId={user.id} />}
            <ConsentStatusCard userId={user.id} />
            <LatestAchievementBanner teenId={user.id} />
            <DashboardTabs teenId={user.id} />
          </div>
        </>
      )}
    </RequireRole>
  );
}

/** The open tab is in the address (?tab=dashboard), so Back from a job's details returns to it. */
function DashboardTabs({ teenId }: { teenId: string }) {
  const [current, select] = useTabParam(TAB_VALUES);
  return (
    <Tabs value={current} onValueChange={select} className="space-y-4 pt-2">
      <TabList aria-label="Dashboard sections">
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {TABS.map(({ value, Panel }) => (
        <TabPanel key={value} value={value}>
          <Suspense fallback={<LoadingLine />}>
            <Panel teenId={teenId} />
          </Suspense>
        </TabPanel>
      ))}
    </Tabs>
  );
}
