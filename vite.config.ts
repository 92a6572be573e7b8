import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const web = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Inlined scripts would need 'unsafe-inline' in the CSP: never inline.
    assetsInlineLimit: (file) => !file.endsWith('.js') && undefined,
    modulePreload: { polyfill: false },
    // For scripts/prerender.tsx, which preloads the explorer's route chunks (and then deletes it).
    manifest: true,
    rollupOptions: {
      input: { index: web('index.html'), landing: web('landing.html') },
      output: {
        // Fewer, larger chunks for libraries (one request each, not one per module): a server-rendered
        // screen fetches its code in a few requests after its first paint (decision 010). Without
        // them the explorer loads 52 files instead of 34, and its blocking time rose (decision 013).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
