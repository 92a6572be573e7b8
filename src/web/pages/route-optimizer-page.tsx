import { ClipboardCheck } from 'lucide-react';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ButtonLink } from '../components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '../components/ui/tabs';
import { useAuth } from '../lib/auth';
import { useTabParam } from '../lib/use-tab-param';
import { ExistingRoutesTab } from '../features/routes/existing-routes-tab';
import { RouteAnalyticsTab } from '../features/routes/route-analytics-tab';
import { RouteOptimizerTab } from '../features/routes/route-optimizer-tab';

/** Spec 2's tabs, in order; the first is the default. */
const TABS = [
  { value: 'optimize', label: 'Route Optimizer' },
  { value: 'routes', label: 'Existing Routes' },
  { value: 'analytics', label: 'Route Analytics' },
] as const;
const TAB_VALUES = TABS.map((tab) => tab.value);

/** The coordinator's home (issue 17): plan a round of the area's jobs, follow saved routes, see what they saved. */
export default function RouteOptimizerPage() {
  const { user } = useAuth();
  if (user && user.role !== 'coordinator') {
    return (
      <>
        <DashboardHeader />
        <p className="p-6 text-center text-slate-800">Route optimization is only available for coordinators.</p>
      </>
    );
  }
  return (
    <RequireRole roles={['coordinator']}>
      {(coordinator) => (
        <>
          <DashboardHeader />
          <div className="space-y-4 p-4">
            <div className="flex items-center justify-between gap-3">
              <h1 className="text-2xl font-bold">Route Optimizer</h1>
              {/* Verifying the jobs of a round happens in the queue (or on each job, linked from its stop). */}
              <ButtonLink to="/verification" variant="secondary" size="sm">
                <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
                Verification Queue
              </ButtonLink>
            </div>
            <RouteTabs coordinatorId={coordinator.id} />
          </div>
        </>
      )}
    </RequireRole>
  );
}

/** The open tab is in the address (?tab=routes), so Back from a job opened on a route returns to it. */
function RouteTabs({ coordinatorId }: { coordinatorId: string }) {
  const [current, select] = useTabParam(TAB_VALUES);
  return (
    <Tabs value={current} onValueChange={select} className="space-y-4">
      <TabList aria-label="Route optimizer sections">
        {TABS.map((tab) => (
          <Tab key={tab.value} value={tab.value} className="px-1 text-xs min-[380px]:text-sm">
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanel value="optimize">
        <RouteOptimizerTab coordinatorId={coordinatorId} onSaved={() => select('routes')} />
      </TabPanel>
      <TabPanel value="routes">
        <ExistingRoutesTab coordinatorId={coordinatorId} />
      </TabPanel>
      <TabPanel value="analytics">
        <RouteAnalyticsTab coordinatorId={coordinatorId} />
      </TabPanel>
    </Tabs>
  );
}
