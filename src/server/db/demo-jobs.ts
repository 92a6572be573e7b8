import type { JobCategory, JobStatus, PhysicalDemand, Equipment } from '../../contract/jobs';
import { holdPostings, releasePostings } from '../../domain/ledger';
import type { LatLng } from '../../domain/geo';
import { zipCentroid } from '../geo/zip-centroids';
import { firstRow } from '../errors';
import { recordMovement } from '../modules/payments/ledger';
import { recordPaymentIntent } from '../modules/payments/payment-calls';
import type { Executor } from './client';
import { jobEvents, jobs } from './schema';

interface DemoJob {
  title: string;
  description: string;
  category: JobCategory;
  pay: number;
  minutes: number;
  location: string;
  demands: PhysicalDemand;
  equipment: Equipment[];
  safetyNotes?: string;
}

/** Open jobs in every category around the demo town (design 3). */
const OPEN_JOBS: DemoJob[] = [
  { title: 'Mow a small front lawn', description: 'Push reel mower in the shed. About 400 sq ft.', category: 'lawn_care', pay: 25, minutes: 60, location: 'Hampshire St', demands: 'medium', equipment: ['push_reel_mower', 'rake'] },
  { title: 'Water and weed the backyard garden', description: 'Pull weeds from two raised beds and water everything.', category: 'lawn_care', pay: 20, minutes: 60, location: 'Prospect St', demands: 'easy', equipment: ['hose'] },
  { title: 'Rake leaves in the front yard', description: 'Two big maples dropped everything at once. Bags provided.', category: 'leaf_raking', pay: 40, minutes: 120, location: 'Broadway', demands: 'medium', equipment: ['rake', 'wheelbarrow'], safetyNotes: 'Mind the uneven brick path.' },
  { title: 'Bag leaves along the fence', description: 'Short stretch along the side fence; leaves already piled.', category: 'leaf_raking', pay: 15, minutes: 30, location: 'Inman Sq', demands: 'easy', equipment: ['rake'] },
  { title: 'Shovel the driveway and steps', description: 'Driveway for one car and five front steps. Salt by the door.', category: 'snow_shoveling', pay: 35, minutes: 90, location: 'Cambridge St', demands: 'hard', equipment: ['shovel'], safetyNotes: 'Steps get icy: salt them first.' },
  { title: 'Clear the sidewalk after the storm', description: 'Corner lot, about 60 feet of sidewalk.', category: 'snow_shoveling', pay: 45, minutes: 120, location: 'Massachusetts Ave', demands: 'hard', equipment: ['shovel'] },
  { title: 'Clean out the garage', description: 'Sweep, sort recycling and stack boxes on shelves.', category: 'cleaning', pay: 50, minutes: 180, location: 'Kirkland St', demands: 'medium', equipment: [] },
  { title: 'Wash the porch and patio furniture', description: 'Hose down the porch and wipe six chairs and a table.', category: 'cleaning', pay: 30, minutes: 90, location: 'Harvard St', demands: 'easy', equipment: ['hose'] },
  { title: 'Sweep and tidy the back deck', description: 'Sweep the deck and move planters for the winter.', category: 'outdoor_maintenance', pay: 25, minutes: 60, location: 'Oxford St', demands: 'medium', equipment: ['wheelbarrow'] },
  { title: 'Stack firewood by the shed', description: 'Half a cord delivered to the driveway, stack it neatly.', category: 'outdoor_maintenance', pay: 55, minutes: 180, location: 'Concord Ave', demands: 'hard', equipment: ['wheelbarrow'], safetyNotes: 'Wear gloves; some logs have splinters.' },
  { title: 'Put away summer garden things', description: 'Store hoses, pots and the kids’ outdoor toys in the shed.', category: 'seasonal', pay: 20, minutes: 60, location: 'Putnam Ave', demands: 'easy', equipment: ['hose'] },
  { title: 'Hang holiday lights on the hedge', description: 'Lights only on the low hedge, no ladder needed.', category: 'seasonal', pay: 30, minutes: 90, location: 'Brattle St', demands: 'easy', equipment: [] },
  { title: 'Spread mulch in the flower beds', description: 'Six bags of mulch across three front beds.', category: 'landscaping', pay: 40, minutes: 120, location: 'Main St', demands: 'medium', equipment: ['wheelbarrow', 'rake'] },
  { title: 'Trim the boxwood shrubs', description: 'Hand shears only; shape four small shrubs.', category: 'landscaping', pay: 35, minutes: 90, location: 'Ellery St', demands: 'medium', equipment: ['pruning_shears'] },
  // Power-driven and adults-only equipment (issue 21): ages 16+ and 18+ in the explorer.
  { title: 'Mow the back lawn', description: 'Power mower in the garage, about 2,000 sq ft. Bag the clippings.', category: 'lawn_care', pay: 35, minutes: 90, location: 'Windsor St', demands: 'medium', equipment: ['lawn_mower'] },
  { title: 'Blow the leaves off the driveway', description: 'Leaf blower provided; pile them by the curb for pickup.', category: 'leaf_raking', pay: 25, minutes: 60, location: 'Columbia St', demands: 'easy', equipment: ['leaf_blower'] },
  { title: 'Cut up a fallen maple limb', description: 'A storm brought down a big limb: cut it to firewood lengths and chip the twigs.', category: 'outdoor_maintenance', pay: 90, minutes: 180, location: 'Fayette St', demands: 'hard', equipment: ['chainsaw', 'wood_chipper'], safetyNotes: 'Chain saw and chipper: adults only.' },
];

/** The demo teen's and homeowner's jobs in each later status, so every screen has something to show. */
const LIFECYCLE: (DemoJob & { status: JobStatus })[] = [
  // The youngest: verified a day ago, so its payment is released automatically only a day after seeding.
  { status: 'verified', title: 'Clean the gutters at ground level', description: 'Clear the downspouts and the drain grates.', category: 'outdoor_maintenance', pay: 35, minutes: 90, location: 'Dana St', demands: 'medium', equipment: [] },
  { status: 'accepted', title: 'Rake the side yard', description: 'Leaves along the side of the house.', category: 'leaf_raking', pay: 30, minutes: 90, location: 'Dana St', demands: 'medium', equipment: ['rake'] },
  { status: 'in_progress', title: 'Weed the front walk', description: 'Pull weeds between the pavers.', category: 'lawn_care', pay: 20, minutes: 60, location: 'Dana St', demands: 'easy', equipment: [] },
  { status: 'completed', title: 'Sweep the garage floor', description: 'Sweep out the garage and bag the debris.', category: 'cleaning', pay: 30, minutes: 60, location: 'Dana St', demands: 'easy', equipment: [] },
  { status: 'completed', title: 'Shovel the back path', description: 'Path from the back door to the garage.', category: 'snow_shoveling', pay: 25, minutes: 60, location: 'Dana St', demands: 'hard', equipment: ['shovel'] },
  { status: 'paid', title: 'Rake the front lawn', description: 'Leaves from the big oak, bags by the gate.', category: 'leaf_raking', pay: 40, minutes: 120, location: 'Dana St', demands: 'medium', equipment: ['rake'] },
  { status: 'paid', title: 'Wash the patio chairs', description: 'Six chairs and a table on the back patio.', category: 'cleaning', pay: 25, minutes: 60, location: 'Dana St', demands: 'easy', equipment: ['hose'] },
];

const HOUR = 3600_000;

interface DemoJobRow {
  job: DemoJob;
  status: JobStatus;
  zip: string;
  /** Where the job is; its ZIP code's centre when not given. */
  point?: LatLng;
  createdAt: Date;
}

/**
 * One demo job, its pay held (and released when paid) exactly as the ledger would have recorded it
 * had people clicked through (design 5, Escrow), so wallets and dashboards agree.
 */
async function insertDemoJob(db: Executor, ids: { homeownerId: string; teenId: string | null }, row: DemoJobRow, feePercent: number): Promise<string> {
  const { job, status, zip, createdAt } = row;
  const point = row.point ?? zipCentroid(zip);
  const assigned = status !== 'posted';
  const at = (hoursAfter: number) => new Date(createdAt.getTime() + hoursAfter * HOUR);
  const inserted = await db
    .insert(jobs)
    .values({
      homeownerId: ids.homeownerId,
      teenId: assigned ? ids.teenId : null,
      title: job.title,
      description: job.description,
      category: job.category,
      payCents: job.pay * 100,
      estimatedDuration: job.minutes,
      location: job.location,
      zipCode: zip,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      physicalDemands: job.demands,
      equipment: job.equipment,
      safetyNotes: job.safetyNotes ?? null,
      status,
      createdAt,
      updatedAt: createdAt,
      acceptedAt: assigned ? at(1) : null,
      startedAt: ['in_progress', 'completed', 'verified', 'paid'].includes(status) ? at(2) : null,
      completedAt: ['completed', 'verified', 'paid'].includes(status) ? at(4) : null,
      verifiedAt: ['verified', 'paid'].includes(status) ? at(6) : null,
    })
    .returning({ id: jobs.id });
  const jobId = firstRow(inserted, 'the demo job').id;
  await db.insert(jobEvents).values({ jobId, transition: 'seed', fromStatus: null, toStatus: status, actorId: null, actorRole: 'system', createdAt });
  const system = { actor: { role: 'system' } as const, at: createdAt };
  const hold = await recordMovement(db, { jobId, movement: 'hold', postings: holdPostings(job.pay * 100, ids.homeownerId), change: system });
  // Held through the provider like any posted job's pay, after the seed commits.
  await recordPaymentIntent(db, { jobId, kind: 'hold', amountCents: job.pay * 100, ledgerTransactionId: hold, at: createdAt });
  if (status === 'paid' && ids.teenId) {
    await recordMovement(db, { jobId, movement: 'release', postings: releasePostings(job.pay * 100, ids.teenId, feePercent), change: { ...system, at: at(8) } });
  }
  return jobId;
}

/** The demo homeowner's open jobs around the town and the demo teen's jobs in each later status. */
export async function seedDemoJobs(db: Executor, ids: { homeownerId: string; teenId: string }, zips: string[], now: Date, feePercent: number): Promise<void> {
  const rows = [
    ...OPEN_JOBS.map((job, i) => ({ job, status: 'posted' as JobStatus, zip: zips[i % zips.length]!, createdAt: new Date(now.getTime() - (i + 1) * HOUR) })),
    ...LIFECYCLE.map((job, i) => ({ job, status: job.status, zip: zips[0]!, createdAt: new Date(now.getTime() - (30 + i * 24) * HOUR) })),
  ];
  for (const row of rows) await insertDemoJob(db, ids, row, feePercent);
}

/** How many jobs the route optimizer's demo action posts (issue 17: a dozen). */
export const ROUTE_DEMO_JOB_COUNT = 12;
const MILES_PER_DEGREE_OF_LATITUDE = 69.05;

/**
 * The route optimizer's demo data (issue 17): a dozen posted jobs of the demo homeowner, taken in
 * turn from the ZIP codes given, each at its own point a quarter of a mile to a mile from its ZIP
 * code's centre on a golden-angle spiral, so a route through them has something to shorten.
 */
export async function seedRouteDemoJobs(db: Executor, homeownerId: string, zips: readonly string[], now: Date, feePercent: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < ROUTE_DEMO_JOB_COUNT; i++) {
    const zip = zips[i % zips.length]!;
    const centre = zipCentroid(zip);
    const miles = 0.25 + 0.75 * Math.sqrt((i + 0.5) / ROUTE_DEMO_JOB_COUNT);
    const angle = i * 2.399963;
    const point = centre
      ? {
          latitude: centre.latitude + (miles * Math.sin(angle)) / MILES_PER_DEGREE_OF_LATITUDE,
          longitude: centre.longitude + (miles * Math.cos(angle)) / (MILES_PER_DEGREE_OF_LATITUDE * Math.cos((centre.latitude * Math.PI) / 180)),
        }
      : undefined;
    const job = OPEN_JOBS[i % OPEN_JOBS.length]!;
    const row = { job: { ...job, location: `${12 + 7 * i} ${job.location}` }, status: 'posted' as JobStatus, zip, point, createdAt: new Date(now.getTime() - i * 1000) };
    ids.push(await insertDemoJob(db, { homeownerId, teenId: null }, row, feePercent));
  }
  return ids;
}
