import { CreditCard, LifeBuoy, LogOut, Pencil, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../contract/auth';
import { initialsOf } from '../../domain/users';
import { PageHeader } from '../components/page-header';
import { RequireRole } from '../components/require-role';
import { Button, ButtonLink } from '../components/ui/button';
import { LeaderboardSwitch } from '../features/progress/leaderboard-switch';
import { LevelTitle, TeenProfileProgress } from '../features/progress/teen-profile-progress';
import { EditProfileForm, hasEditableZip } from '../features/users/edit-profile-form';
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
              {hasEditableZip(user) && user.zipCode && <p className="text-sm text-slate-700">ZIP code {user.zipCode}</p>}
              <p className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{ROLE_LABELS[user.role]}</p>
              {user.role === 'teen' && <LevelTitle teenId={user.id} />}
            </section>
            {user.role === 'teen' && <TeenProfileProgress teenId={user.id} />}
            <AccountButtons user={user} />
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

/**
 * Spec 2's account buttons. Edit Profile opens the name and ZIP code form; Payment Settings is the
 * wallet (teens and homeowners have one); Safety & Privacy opens a teen's privacy choices (the
 * leaderboard, off until they turn it on).
 */
function AccountButtons({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const editId = useId();
  const privacyId = useId();
  const hasWallet = user.role === 'teen' || user.role === 'homeowner';
  return (
    <section aria-labelledby="account-title" className="space-y-2">
      <h2 id="account-title" className="text-lg font-bold">
        Account
      </h2>
      <Button variant="secondary" className="w-full justify-start" aria-expanded={editing} aria-controls={editId} onClick={() => setEditing((open) => !open)}>
        <Pencil aria-hidden="true" className="h-5 w-5" />
        Edit Profile
      </Button>
      {editing && (
        <div id={editId}>
          <EditProfileForm user={user} onDone={() => setEditing(false)} />
        </div>
      )}
      {hasWallet && (
        <ButtonLink to="/wallet" variant="secondary" className="w-full justify-start">
          <CreditCard aria-hidden="true" className="h-5 w-5" />
          Payment Settings
        </ButtonLink>
      )}
      {user.role === 'teen' && (
        <>
          <Button variant="secondary" className="w-full justify-start" aria-expanded={privacyOpen} aria-controls={privacyId} onClick={() => setPrivacyOpen((open) => !open)}>
            <ShieldCheck aria-hidden="true" className="h-5 w-5" />
            Safety & Privacy
          </Button>
          {privacyOpen && (
            <div id={privacyId} role="region" aria-label="Privacy settings" className="rounded-2xl border border-slate-200 bg-white p-4">
              <LeaderboardSwitch teenId={user.id} />
            </div>
          )}
        </>
      )}
      <ButtonLink to="/help" variant="secondary" className="w-full justify-start">
        <LifeBuoy aria-hidden="true" className="h-5 w-5" />
        Help & Support
      </ButtonLink>
    </section>
  );
}
