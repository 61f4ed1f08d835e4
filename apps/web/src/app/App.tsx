import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConfirmHost } from '../components/ConfirmHost';
import { Toaster } from '../components/Toaster';
import { queryClient } from '../lib/query';
import { createRouter } from './routes';

export function App() {
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmHost />
    </QueryClientProvider>
  );
}
