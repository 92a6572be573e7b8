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
    rollupOptions: { input: { index: web('index.html'), landing: web('landing.html') } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
