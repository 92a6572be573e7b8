import { jobs } from '../../db/schema';
import type { TestApp } from '../../test/test-app';

/** Inserts a posted job of the homeowner at a point of ZIP 02139 (or as `extra` says): the row says where. */
export async function insertJobAt(t: TestApp, homeownerId: string, latitude: number, longitude: number, extra: Partial<typeof jobs.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      homeownerId,
      title: 'Rake the yard',
      description: 'Leaves',
      category: 'leaf_raking',
      payCents: 4000,
      estimatedDuration: 60,
      location: `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`,
      zipCode: '02139',
      latitude,
      longitude,
      physicalDemands: 'easy',
      ...extra,
    })
    .returning({ id: jobs.id });
  return row!.id;
}
