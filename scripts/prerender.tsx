// After `vite build`: renders the landing page to static HTML in dist/web/landing.html (docs/decisions/001)
// and writes dist/web/ssr.html, the template the server renders the job explorer into (decision 008).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../src/web/app/app-frame';
import { AuthProvider } from '../src/web/lib/auth';
import LandingPage from '../src/web/pages/landing-page';
import { SSR_APP_MARKER, SSR_STATE_MARKER, SSR_TEMPLATE_FILE } from '../src/web/ssr/template';

const DIST = 'dist/web';

// The stylesheet is inlined: a render-blocking request costs more on a slow phone than 6 kB of
// gzipped CSS inside the document (the CSP allows inline styles, never inline scripts).
function inlineStylesheet(html: string, file: string): string {
  const inlined = html.replace(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/, (_link, css: string) => {
    return `<style>${readFileSync(`${DIST}/assets/${css}`, 'utf8')}</style>`;
  });
  if (inlined === html) throw new Error(`${file} has no stylesheet link to inline`);
  return inlined;
}

function renderLanding(): void {
  const file = `${DIST}/landing.html`;
  const template = readFileSync(file, 'utf8');
  const marker = '<!--prerendered-landing-->';
  if (!template.includes(marker)) throw new Error(`${file} lacks ${marker}`);
  const html = renderToString(
    <StaticRouter location="/">
      <AuthProvider>
        <AppFrame>
          <LandingPage />
        </AppFrame>
      </AuthProvider>
    </StaticRouter>,
  );
  writeFileSync(file, inlineStylesheet(template, file).replace(marker, html));
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The chunks a module needs before it runs: its own and, transitively, what it imports. */
function chunksOf(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/**
 * The SPA's index.html with its stylesheet inlined, the explorer's route chunks preloaded (instead
 * of a waterfall of lazy imports after the entry runs), and markers for the server's render.
 */
function writeServerTemplate(): void {
  const manifestFile = `${DIST}/.vite/manifest.json`;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // The manifest is for this script only: it never ships.
  rmSync(`${DIST}/.vite`, { recursive: true, force: true });
  const index = readFileSync(`${DIST}/index.html`, 'utf8');
  const routeChunks = new Set<string>();
  for (const key of ['app/query-layout.tsx', 'pages/job-explorer-page.tsx']) chunksOf(manifest, key, routeChunks);
  const preloads = [...routeChunks]
    .filter((file) => !index.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  const root = '<div id="root"></div>';
  if (!index.includes(root) || !index.includes('</head>')) throw new Error(`${DIST}/index.html lacks ${root} or </head>`);
  // The HTML already shows the page; its scripts only make it respond. At low priority they do not
  // compete with the first paint (at the default high one a phone's browser, and Lighthouse's
  // model of it, count every module as holding the paint back).
  const template = lowPriorityScripts(inlineStylesheet(index, 'index.html').replace('</head>', () => `  ${preloads}\n  </head>`))
    .replace(root, () => `<div id="root">${SSR_APP_MARKER}</div>\n    ${SSR_STATE_MARKER}`);
  writeFileSync(`${DIST}/${SSR_TEMPLATE_FILE}`, template);
}

function lowPriorityScripts(html: string): string {
  return html.replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin').replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

renderLanding();
writeServerTemplate();
