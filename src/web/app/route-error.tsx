import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';

const RELOADED_KEY = 'yardly:reloaded-for-new-version';

/** After a deploy, old screens' chunks are gone: reload once to get the new version. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed/.test(error.message);
}

export function RouteError() {
  const error = useRouteError();
  const stale = isStaleChunk(error);
  useEffect(() => {
    if (stale && !sessionStorage.getItem(RELOADED_KEY)) {
      sessionStorage.setItem(RELOADED_KEY, '1');
      window.location.reload();
    }
  }, [stale]);
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong while opening this screen.';
  return (
    <div className="space-y-4 p-6 text-center" role="alert">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-slate-700">{stale ? 'Yardly was just updated. Reload to get the latest version.' : message}</p>
      <div className="flex justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <ButtonLink to="/" variant="secondary">
          Home
        </ButtonLink>
      </div>
    </div>
  );
}
