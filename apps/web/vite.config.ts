import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootShell } from './build/boot-shell';
import { precompress } from './build/precompress';
import { pwa } from './build/pwa';

// The API, its socket and the dev mail outbox all live on the server; in development the
// web app is served by Vite and forwards those paths so the browser only sees one origin.
const apiTarget = 'http://127.0.0.1:3000';
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    pwa({ localesDir: here('./src/locales'), workerSource: here('./build/service-worker.js') }),
    bootShell({
      bannerArt: here('./src/features/home/assets/home-banner.svg'),
      logo: here('./public/favicon.svg'),
      css: here('./src/app/shell/boot-shell.css'),
    }),
    precompress(),
  ],
  base: '/',
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/gamecenter-siop': { target: apiTarget, changeOrigin: true, ws: true },
      '/dev': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first page must stay small: report every chunk's gzip size.
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        // The big libraries each get a chunk of their own: a browser evaluates every script as one task, so on a
        // slow phone one ~100 KB entry made one long task; smaller scripts leave gaps for a tap (issue 27).
        manualChunks(id) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react-dom|scheduler)\//.test(id)) return 'vendor-react-dom';
          if (/\/node_modules\/(react-router|@remix-run|cookie|set-cookie-parser)\//.test(id))
            return 'vendor-router';
          if (/\/node_modules\/(i18next|react-i18next)\//.test(id)) return 'vendor-i18n';
          if (/\/node_modules\/@tanstack\//.test(id)) return 'vendor-query';
          return undefined;
        },
      },
    },
  },
});
