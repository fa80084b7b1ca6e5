import { defineConfig } from 'vite';
import { fakeStudioApi } from './dev/fake-studio-api.ts';

// The playable slot page of the demo studio. The studio server (apps/api, modules/studio) serves this build:
// index.html at /studio/{provider}/play and the assets under /studio/assets/. In `npm run dev -w apps/studio`
// and `vite preview` a small in-memory stand-in answers the page's two calls (dev/fake-studio-api.ts), so the
// page can be worked on and looked at without the API server: open /studio/PG/play?game=pg-boi-dourado.
export default defineConfig({
  base: '/studio/',
  plugins: [fakeStudioApi()],
  server: { port: 5175 },
  preview: { port: 4175 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
});
