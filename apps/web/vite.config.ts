import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the client runs on Vite's port and talks to the API at API_ORIGIN (default: npm start's 8080).
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { manifest: true },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/upload': apiOrigin,
      '/wss': { target: apiOrigin, ws: true },
    },
  },
});
