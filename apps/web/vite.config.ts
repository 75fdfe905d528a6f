import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The back office SPA. In development, /api is proxied to the API on port 3000. The
 * build writes a brotli and a gzip copy beside each text file, which the API serves
 * as they are (`preCompressed`), so no answer is compressed per request.
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 }),
  ],
  resolve: {
    alias: { '@haat/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 700 },
});
