import { afterFirstPaint, preloadDeferredModules } from './app/deferred-modules';
import { readSsrState } from './app/ssr-state';
import './styles.css';

const container = document.getElementById('root')!;
const ssr = readSsrState();
if (ssr) {
  // The server's HTML is the first screen: fetch the code only once it is painted, and start once
  // every module has loaded (docs/decisions/010 and 011). startApp then works in small tasks.
  await afterFirstPaint();
  await preloadDeferredModules();
}
const { startApp } = await import('./app/start');
await startApp(container, ssr);
