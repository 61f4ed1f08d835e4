import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles/global.css';
import { App } from './app/App';
import { applyTheme } from './lib/theme';

applyTheme();
const root = document.getElementById('root');
if (root) {
  // Texts load on demand (i18n/index.ts): nothing shows until the shell's have come, rather than raw keys;
  // each screen waits for its own in the routes' Suspense boundaries.
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        <App />
      </Suspense>
    </StrictMode>,
  );
}
