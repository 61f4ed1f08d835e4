import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the client runs on Vite's port and talks to the API on 8080.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/upload': 'http://localhost:8080',
      '/wss': { target: 'http://localhost:8080', ws: true },
    },
  },
});
