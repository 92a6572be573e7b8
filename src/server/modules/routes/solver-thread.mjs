// The entry of a solver thread: the server runs its TypeScript sources through tsx (`npm start`),
// and a worker thread starts without the parent's loader, so it registers tsx before loading the
// solver. Plain JavaScript because nothing can compile it first.
import { register } from 'tsx/esm/api';

register();
await import('./solver-worker.ts');
