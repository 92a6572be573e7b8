// After `vite build`: renders the landing page to static HTML in dist/web/landing.html (docs/decisions/001)
// and writes dist/web/ssr.html, the template the server renders the job explorer into (decision 008).
// `tsx scripts/prerender.tsx <dir>` works on a build made with `vite build --outDir <dir>` instead.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../src/web/app/app-frame';
import { AuthProvider } from '../src/web/lib/auth';
import LandingPage from '../src/web/pages/landing-page';
import { deferredModulesElement } from '../src/web/app/deferred-modules';
import { SSR_APP_MARKER, SSR_STATE_MARKER, SSR_TEMPLATE_FILE } from '../src/ssr/template';

const DIST = process.argv[2] ?? 'dist/web';

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
  dynamicImports?: string[];
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

/** `<link rel="modulepreload">` for each chunk the page does not load already. */
function preloadLinks(html: string, chunks: Set<string>): string {
  return [...chunks]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
}

function insertBeforeHeadEnd(html: string, file: string, markup: string): string {
  if (!html.includes('</head>')) throw new Error(`${file} lacks </head>`);
  return html.replace('</head>', () => `  ${markup}\n  </head>`);
}

/**
 * The entry with its static imports (three tiny shared chunks) folded in, written as its own file:
 * the one script a server-rendered page loads with its HTML costs one request instead of four. Its
 * dynamic imports stay imports of the build's chunks. The folded-in modules are stateless helpers
 * (Vite's preload helper, Rolldown's runtime, nextTask), so their second copies in the chunks that
 * import them later change nothing.
 */
async function selfContainedEntry(entryFile: string): Promise<string> {
  const result = await build({
    entryPoints: [`${DIST}/${entryFile}`],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'error',
    plugins: [
      {
        name: 'keep-dynamic-imports',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.text;
  const file = `assets/entry-${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
  writeFileSync(`${DIST}/${file}`, code);
  return file;
}

/**
 * index.html gets a preload for each chunk of the app its entry imports (main.tsx imports the app
 * dynamically), so starting costs no round trips. The server template for the explorer (decisions
 * 008 and 010) is that page without those preloads: its stylesheet inlined, its rendering held until
 * the app's HTML is parsed (one complete first paint instead of a partial one), its entry
 * self-contained, the chunks it will run listed for the entry to fetch once that paint is done, and
 * markers for the server's render.
 */
async function writeShellAndServerTemplate(): Promise<void> {
  const manifestFile = `${DIST}/.vite/manifest.json`;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  // The manifest is for this script only: it never ships.
  rmSync(`${DIST}/.vite`, { recursive: true, force: true });
  const entry = manifest['index.html'];
  if (!entry) throw new Error('the build manifest has no index.html');
  const built = readFileSync(`${DIST}/index.html`, 'utf8');
  const startupChunks = new Set<string>();
  for (const key of entry.dynamicImports ?? []) chunksOf(manifest, key, startupChunks);
  if (startupChunks.size === 0) throw new Error('the entry imports no app chunk: main.tsx changed, and so must this script');
  writeFileSync(`${DIST}/index.html`, insertBeforeHeadEnd(built, 'index.html', preloadLinks(built, startupChunks)));

  const explorerChunks = new Set(startupChunks);
  for (const key of ['app/query-layout.tsx', 'pages/job-explorer-page.tsx']) chunksOf(manifest, key, explorerChunks);
  explorerChunks.delete(entry.file);
  // The template loads the self-contained entry alone: not the built one, nor its static imports.
  const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
  if (!built.includes(entryScript)) throw new Error(`index.html lacks ${entryScript}`);
  const ownEntry = await selfContainedEntry(entry.file);
  // The first paint waits for this 2 kB file, fetched alongside the HTML (often no wait at all, at
  // most a round trip), so the order is always: HTML and entry, one complete paint, then the code.
  // When the paint could come first, Lighthouse modelled it before the browser's own work of
  // showing the page and counted that work as blocking time (decision 010).
  let page = built.replace(entryScript, () => `<script type="module" blocking="render" crossorigin src="/${ownEntry}"></script>`);
  for (const key of entry.imports ?? []) page = page.replace(`<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`, '');

  const root = '<div id="root"></div>';
  if (!page.includes(root)) throw new Error(`${DIST}/index.html lacks ${root}`);
  const holdRenderUntilRootParsed = '<link rel="expect" href="#root" blocking="render">';
  const template = insertBeforeHeadEnd(inlineStylesheet(page, 'index.html'), 'index.html', holdRenderUntilRootParsed).replace(
    root,
    () => `<div id="root">${SSR_APP_MARKER}</div>\n    ${SSR_STATE_MARKER}\n    ${deferredModulesElement([...explorerChunks])}`,
  );
  writeFileSync(`${DIST}/${SSR_TEMPLATE_FILE}`, template);
}

renderLanding();
await writeShellAndServerTemplate();
