import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useAuth } from '../lib/auth';
import { Brand } from './brand';

/** The top bar of the role home screens: the brand, the notification bell and a way to the profile. */
export function DashboardHeader() {
  const { user } = useAuth();
  return (
    <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
      <Brand className="text-xl" />
      <div className="flex items-center gap-1">
        {user && <NotificationBell userId={user.id} />}
        <Link to="/profile" aria-label="Profile" className="inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100">
          <UserRound aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </header>
  );
}
