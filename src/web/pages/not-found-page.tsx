import { MapPinOff } from 'lucide-react';
import { ButtonLink } from '../components/ui/button';

export default function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-800">
        <MapPinOff aria-hidden="true" className="h-8 w-8" />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" size="lg" className="mt-6 w-full">
        Go Back Home
      </ButtonLink>
    </div>
  );
}
