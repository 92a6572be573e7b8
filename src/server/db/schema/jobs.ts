import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type ExtraConfigColumn, type PgColumn } from 'drizzle-orm/pg-core';
import { JOB_CATEGORIES, JOB_STATUSES, PHYSICAL_DEMANDS, type Equipment } from '../../../contract/jobs';
import { createdAt, newestFirst } from './columns';
import { users } from './users';

export const jobStatusEnum = pgEnum('job_status', JOB_STATUSES);
export const jobCategoryEnum = pgEnum('job_category', JOB_CATEGORIES);
export const physicalDemandEnum = pgEnum('physical_demand', PHYSICAL_DEMANDS);

/**
 * "The job is open" as the partial indexes of open jobs say it. Queries that want those indexes say it
 * the same way, with the statuses written into the statement: a prepared statement's generic plan
 * cannot prove `status in ($1, $2)` implies the index's predicate, and read every row instead.
 */
export const isOpen = (status: PgColumn | ExtraConfigColumn) => sql`${status} in ('posted', 'locked')`;

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeownerId: uuid('homeowner_id')
      .notNull()
      .references(() => users.id),
    teenId: uuid('teen_id').references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: jobCategoryEnum('category').notNull(),
    payCents: integer('pay_cents').notNull(),
    estimatedDuration: integer('estimated_duration').notNull(),
    location: text('location'),
    zipCode: text('zip_code').notNull(),
    /** The ZIP code's centroid (design 5); null when the table does not know the ZIP. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    physicalDemands: physicalDemandEnum('physical_demands').notNull(),
    equipment: text('equipment').array().$type<Equipment[]>().notNull().default(sql`'{}'::text[]`),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    safetyNotes: text('safety_notes'),
    status: jobStatusEnum('status').notNull().default('posted'),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // What a search reads (decision 015), in lower case, kept by the database: a lower-case word is
    // then found with LIKE, byte by byte, where ILIKE lower-cased every column of every row it tested
    // (4.5 times the time, newest first at 100,000 jobs). The location stands apart: a teen's search
    // with a digit does not look there (decision 014).
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || description)`),
    searchLocation: text('search_location').generatedAlwaysAs(sql`lower(location)`),
  },
  (t) => [
    check('jobs_pay_range', sql`${t.payCents} between 1500 and 50000 and ${t.payCents} % 500 = 0`),
    // The explorer: open jobs newest first, paged by (created_at, id). Its query says
    // `isOpen(status) and ...` (an expired lock counts as posted) to match this predicate.
    index('jobs_open_created_idx').on(...newestFirst(t)).where(isOpen(t.status)),
    index('jobs_status_created_idx').on(t.status, ...newestFirst(t)),
    index('jobs_zip_status_created_idx').on(t.zipCode, t.status, ...newestFirst(t)),
    index('jobs_homeowner_created_idx').on(t.homeownerId, ...newestFirst(t)),
    // A teen's own jobs (Active Jobs, the dashboard), and an admin's unfiltered list, in page order.
    index('jobs_teen_created_idx').on(t.teenId, ...newestFirst(t)),
    index('jobs_created_idx').on(...newestFirst(t)),
    // Search (issue 20, decision 015): trigrams of the searched text of open jobs, so a search reads
    // the index instead of every row. One GIN index on both columns answers an OR of LIKEs, one bitmap
    // scan per column; the predicate is the explorer's, as for jobs_open_created_idx.
    // No fast update: its pending list is scanned whole by every search until a vacuum merges it, and
    // PGlite has no autovacuum; jobs are posted far less often than searched.
    index('jobs_open_search_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'), t.searchLocation.op('gin_trgm_ops'))
      .with({ fastupdate: false })
      .where(isOpen(t.status)),
    // Recommendations (issue 15, decision 018): the open jobs of the ZIP codes within a teen's reach,
    // with every column their hard limits and score read (drizzle has no INCLUDE, so they are keys), so
    // the candidates are picked and scored from the index alone (an index-only scan) and only the
    // chosen few rows are read from the table.
    index('jobs_open_match_idx')
      .on(t.zipCode, t.physicalDemands, t.estimatedDuration, t.category, t.payCents, t.status, t.lockExpiresAt, t.equipment, t.id)
      .where(isOpen(t.status)),
    index('jobs_lock_expiry_idx').on(t.lockExpiresAt).where(sql`${t.status} = 'locked'`),
    // Design 5: a teen holds at most one lock; the database refuses a second, whatever the race.
    uniqueIndex('jobs_one_lock_per_teen_key').on(t.teenId).where(sql`${t.status} = 'locked'`),
  ],
);

/**
 * The words of each open job's searched text and location, for search (decision 022): every run of 3
 * or more of a-z and 0-9 in the lower-case columns, once per job. A word's newest jobs are then one
 * ordered read of the key, where the trigram index finds matches in no order. Kept by the database
 * (migration 0027's triggers on jobs), so no write path can forget it; a job's words go when it
 * leaves the open statuses. No foreign key: the trigger removes a deleted job's words.
 */
export const openJobWords = pgTable('open_job_words', {
  word: text('word').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  jobId: uuid('job_id').notNull(),
}, (t) => [primaryKey({ columns: [t.word, t.createdAt, t.jobId] })]);

/**
 * Every word an open job has held (decision 022): a search looks up here, through the trigram index,
 * the words that contain what it was given. Never pruned (a word whose jobs closed costs a search one
 * empty read): removing a word safely would lock it against a job posted with it at that moment.
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  { word: text('word').primaryKey() },
  // No fast update, as for jobs_open_search_idx: PGlite has no autovacuum to merge a pending list.
  (t) => [index('search_vocabulary_word_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false })],
);

/** Every change of a job's status: who, when, from, to (design 5). Append-only. */
export const jobEvents = pgTable(
  'job_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    transition: text('transition').notNull(),
    fromStatus: jobStatusEnum('from_status'),
    toStatus: jobStatusEnum('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    actorRole: text('actor_role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_events_job_idx').on(t.jobId, t.createdAt)],
);
