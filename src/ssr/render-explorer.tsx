// Renders the job explorer's first screen on the server (docs/decisions/008): the same components
// the browser runs, so the page paints from HTML and the client hydrates it without a refetch.
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { User } from '../contract/auth';
import type { JobList } from '../contract/jobs';
import { AppProviders } from '../web/app/app-providers';
import { createQueryClient } from '../web/app/query-client';
import { routes } from '../web/app/router';
import { serializeSsrState } from '../web/app/ssr-state';
import { jobQueries, listQuery } from '../web/features/jobs/api';
import { EXPLORER_FIRST_FILTERS } from '../web/pages/job-explorer-page';
import { EXPLORER_PATH } from './template';

/** GET /api/jobs's query for the explorer's first page: the server lists with exactly this. */
export const explorerFirstPageQuery = (): Record<string, string> => listQuery(EXPLORER_FIRST_FILTERS);

// One handler for the process: it loads each lazy route once and keeps it.
const handler = createStaticHandler(routes);

/** The query cache the explorer starts with: `firstPage` as the first page of its list. */
function seededQueryClient(firstPage: JobList) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(jobQueries.pages(EXPLORER_FIRST_FILTERS).queryKey, { pages: [firstPage], pageParams: [null] });
  return queryClient;
}

/**
 * The app's HTML for the explorer as `user` sees it with `firstPage` (what GET /api/jobs answered
 * them). Nothing else goes in: the same user and page always give the same HTML.
 */
export async function renderExplorerHtml(user: User, firstPage: JobList): Promise<string> {
  const context = await handler.query(new Request(new URL(EXPLORER_PATH, 'http://localhost')));
  if (context instanceof Response) throw new Error(`The explorer's route answered ${context.status} instead of rendering`);
  return renderToString(
    <AppProviders queryClient={seededQueryClient(firstPage)} user={user}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppProviders>,
  );
}

/**
 * The state the browser hydrates that HTML with, serialized for a JSON script element. It says the
 * data is as of now (TanStack's `dataUpdatedAt`), so it is made for each answer, never kept.
 */
export function explorerState(user: User, firstPage: JobList): string {
  return serializeSsrState({ user, queries: dehydrate(seededQueryClient(firstPage)) });
}
