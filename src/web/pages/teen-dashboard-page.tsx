import { firstNameOf } from '../../domain/users';
import { DashboardHeader } from '../components/dashboard-header';
import { RequireRole } from '../components/require-role';
import { ConsentStatusCard } from '../features/consent/consent-status-card';
import { WalletCard } from '../features/payments/wallet-card';
import { WorkHoursCard } from '../features/safety/work-hours-card';
import { AvailabilityToggle } from '../features/users/availability-toggle';

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
          </div>
        </>
      )}
    </RequireRole>
  );
}
