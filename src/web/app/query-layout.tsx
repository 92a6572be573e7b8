import { Outlet } from 'react-router';
import { LiveEvents } from '../features/notifications/live-events';

/** Screens that read server data keep them live; the query cache itself sits at the root (AppProviders). */
export function QueryLayout() {
  return (
    <>
      <LiveEvents />
      <Outlet />
    </>
  );
}
