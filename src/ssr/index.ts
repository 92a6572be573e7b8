import { EXPLORER_PATH, fillTemplate, SSR_TEMPLATE_FILE } from './template';

/**
 * The job explorer's server rendering (docs/decisions/008), as buildApp's `explorer` option takes it.
 * `load` brings React and every route of the web app (most of a second through tsx), so the server
 * calls it once it listens, not at start-up.
 */
export const explorerRendering = {
  path: EXPLORER_PATH,
  templateFile: SSR_TEMPLATE_FILE,
  fillTemplate,
  load: () => import('./render-explorer'),
};
