import { afterFirstPaint, preloadDeferredModules } from './app/deferred-modules';
import { readSsrState } from './app/ssr-state';
import { nextTask } from './lib/next-task';
import './styles.css';

// Start-up in steps, each evaluated in its own task (docs/decisions/010 and 011): React DOM, then
// the router, then TanStack Query, then the app, then the render. As one static module graph it was a single task of about
// 200 ms on a slow phone, during which a server-rendered page looked ready but ignored every tap.
const container = document.getElementById('root')!;
const ssr = readSsrState();
if (ssr) {
  // The server's HTML is the first screen: fetch the code only once it is painted.
  await afterFirstPaint();
  await preloadDeferredModules();
}
await import('react-dom/client');
await nextTask();
await import('./app/router-library');
await nextTask();
await import('./app/query-library');
await nextTask();
const { startApp } = await import('./app/start');
await nextTask();
await startApp(container, ssr);
