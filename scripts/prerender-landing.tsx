// Renders the landing page to static HTML inside dist/web/landing.html (docs/decisions/001).
import { readFileSync, writeFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppFrame } from '../src/web/app/app-frame';
import { AuthProvider } from '../src/web/lib/auth';
import LandingPage from '../src/web/pages/landing-page';

const file = 'dist/web/landing.html';
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
// The stylesheet is inlined: a render-blocking request costs more on a slow phone than 6 kB of
// gzipped CSS inside the document (the CSP allows inline styles, never inline scripts).
const withStyles = template.replace(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/, (_link, css: string) => {
  return `<style>${readFileSync(`dist/web/assets/${css}`, 'utf8')}</style>`;
});
if (withStyles === template) throw new Error('the landing page has no stylesheet link to inline');
writeFileSync(file, withStyles.replace(marker, html));
