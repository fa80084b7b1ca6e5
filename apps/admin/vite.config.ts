import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The back office is its own build, served by the API server under /admin: the player app never loads a byte of
// it. In development Vite serves it and forwards the API to the server so the browser sees one origin.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  server: { port: 5174, proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 1500,
  },
});
