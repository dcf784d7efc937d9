import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.EXTRANET_API ?? 'http://localhost:8080';

// Relative base so the app works under any server prefix; the dev server proxies the API.
export default defineConfig({
  root,
  base: './',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // .vite/manifest.json: which chunks each entry and route imports (e2e/bundle.e2e.test.ts).
    manifest: true,
  },
  server: {
    proxy: { '/api': api, '/management': api },
  },
});
