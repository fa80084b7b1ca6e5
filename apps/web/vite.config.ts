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
  },
});
