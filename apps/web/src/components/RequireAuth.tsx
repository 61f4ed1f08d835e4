import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useToken } from '../lib/session';

/** Screens for signed-in users send visitors to login (document 1, section 6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/components/login" replace state={{ from: location.pathname }} />;
  return children;
}
