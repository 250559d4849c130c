import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The app lives under /app of the service; `npm run build` writes it to dist/web, where the service serves it from. */
export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // The budget is 300 KB gzip for the initial script (React, Mantine, TanStack Query); vite warns at 500 KB minified.
    chunkSizeWarningLimit: 700,
  },
});
