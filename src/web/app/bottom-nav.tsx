import { Briefcase, CircleHelp, ClipboardList, House, User, Wallet, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

interface Tab {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Spec 2, Bottom navigation: five tabs per role. */
export const NAV_TABS: Record<'teen' | 'homeowner', Tab[]> = {
  teen: [
    { label: 'Jobs', to: '/job-explorer', icon: Briefcase },
    { label: 'Active', to: '/active-jobs', icon: ClipboardList },
    { label: 'Profile', to: '/profile', icon: User },
    { label: 'Wallet', to: '/wallet', icon: Wallet },
    { label: 'Help', to: '/help', icon: CircleHelp },
  ],
  homeowner: [
    { label: 'Home', to: '/homeowner-dashboard', icon: House },
    { label: 'Active', to: '/active-jobs', icon: ClipboardList },
    { label: 'Profile', to: '/profile', icon: User },
    { label: 'Payments', to: '/wallet', icon: Wallet },
    { label: 'Help', to: '/help', icon: CircleHelp },
  ],
};

export function BottomNav({ role }: { role: 'teen' | 'homeowner' }) {
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-md border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <ul className="grid grid-cols-5">
        {NAV_TABS[role].map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                `flex h-16 flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? 'text-brand-800' : 'text-slate-600'}`
              }
            >
              {({ isActive }) => (
                <>
                  <Icon aria-hidden="true" className="h-5 w-5" strokeWidth={isActive ? 2.5 : 2} />
                  <span>{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
