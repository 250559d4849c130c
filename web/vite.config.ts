import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The app lives under /app of the service; `npm run build` writes it to dist/web, where the service serves it from. */
export default defineConfig({
  root,
  base: '/app/',
  plugins: [react()],
  // The code the service runs too; web/tsconfig.json names the same alias for the type checker.
  resolve: { alias: { '@shared': fileURLToPath(new URL('../src/shared', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // The largest chunk is exceljs (about 940 KB minified), one prebuilt file that cannot be split, loaded only when an
    // XLSX file is read; the limit sits just above it, so that any other chunk growing this large still warns. The budget
    // of the initial script (300 KB gzip: React, Mantine, TanStack Query) is measured by bench/web-bundle.ts.
    chunkSizeWarningLimit: 1000,
  },
});
