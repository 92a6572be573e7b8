import { SSR_STATE_ID } from '../web/app/ssr-state';

/** The server-rendered screen's path (decision 008). */
export const EXPLORER_PATH = '/job-explorer';

/** The build's template of server-rendered pages (scripts/prerender.tsx writes it into dist/web). */
export const SSR_TEMPLATE_FILE = 'ssr.html';
export const SSR_APP_MARKER = '<!--ssr-app-->';
export const SSR_STATE_MARKER = '<!--ssr-state-->';

/** The page: the app's HTML in its root element, and its state beside it. */
export function fillTemplate(template: string, html: string, state: string): string {
  // Replacer functions: a `$&` inside a job's text must stay text.
  return template
    .replace(SSR_APP_MARKER, () => html)
    .replace(SSR_STATE_MARKER, () => `<script type="application/json" id="${SSR_STATE_ID}">${state}</script>`);
}
