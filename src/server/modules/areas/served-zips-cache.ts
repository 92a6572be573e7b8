import type { AppContext } from '../../context';
import { servedZips } from './service-areas';

/**
 * servedZips as this process last read it, read again when an area is added, paused or resumed (the
 * table's change signal, migration 0024): for reads on every request, as the teen's recommendations
 * are. The list is shared: callers must not change it.
 */
export function cachedServedZips(ctx: AppContext): Promise<readonly string[]> {
  return ctx.caches.servedZips.read('served', ctx.clock.now(), async () => ({ value: await servedZips(ctx), validUntil: Infinity }));
}
