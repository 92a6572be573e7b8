import type { JobList } from '../../../contract/jobs';
import type { JobView } from './jobs.mapper';

/** A page of the explorer's open jobs as read from the database, before it is shaped for a viewer. */
export interface OpenJobsPage {
  rows: JobView[];
  /** The page was full and more rows follow. */
  more: boolean;
  /** The page as teens alike see it (see viewClass); it lives and dies with the page. */
  views: Map<string, JobList>;
}
