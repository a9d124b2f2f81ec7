import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const API = process.env.VITE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // .gz and .br beside each text asset: the api serves them as they are (@fastify/static
    // preCompressed) instead of compressing on every request or sending 600 KB of plain JavaScript.
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|html|svg|json|webmanifest)$/ }),
  ],
  server: {
    proxy: { '/api': API, '/trpc': API, '/oidc': API },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
});
