import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { initialsOf } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button } from '../components/ui/button';
import { useAuth } from '../lib/auth';

const ROLE_LABELS = { teen: 'Teen Worker', homeowner: 'Homeowner', coordinator: 'Coordinator', admin: 'Administrator' } as const;

export default function ProfilePage() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <RequireRole roles="any">
      {(user) => (
        <>
          <PageHeader title="Profile" backTo="/" />
          <div className="space-y-6 p-4">
            <section className="flex flex-col items-center gap-2 text-center">
              <div aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-800 text-2xl font-bold text-white">
                {initialsOf(user.fullName)}
              </div>
              <h2 className="text-xl font-bold">{user.fullName}</h2>
              <p className="text-slate-700">@{user.username}</p>
              <p className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{ROLE_LABELS[user.role]}</p>
            </section>
            <Button
              variant="secondary"
              className="w-full"
              onClick={async () => {
                await logout();
                navigate('/auth');
              }}
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
              Sign Out
            </Button>
          </div>
        </>
      )}
    </RequireRole>
  );
}
