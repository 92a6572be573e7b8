import { Button } from '../../components/ui/button';

/** Spec 2: Google and Microsoft sign-in exist but are disabled placeholders. */
export function SocialButtons() {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Button variant="secondary" disabled aria-describedby="social-soon">
        Google
      </Button>
      <Button variant="secondary" disabled aria-describedby="social-soon">
        Microsoft
      </Button>
      <p id="social-soon" className="col-span-2 text-center text-sm text-slate-600">
        Sign-in with Google or Microsoft is not available yet.
      </p>
    </div>
  );
}
