import { Button } from '../../components/ui/button';

/** A read that failed, said in place with a way to try again (the tabs' lists and figures). */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert" className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-center">
      <p className="font-semibold text-red-800">Could not load {what}.</p>
      <Button variant="secondary" onClick={retry}>
        Try Again
      </Button>
    </div>
  );
}
