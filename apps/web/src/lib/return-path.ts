import { useSearchParams } from 'react-router';

/**
 * The way back from a detour: a screen that sends the user elsewhere first (set a trade password, add a
 * receiving account) names itself in `?back=`, and the detour's screen returns there once done.
 */

/** `raw` when it is a route of this client; never another site (`//host`) or a scheme. */
export function returnPathOf(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return null;
  return raw;
}

/** `route` with `back` added to its query. */
export function withReturnPath(route: string, back: string): string {
  const [path = '', query = ''] = route.split('?');
  const params = new URLSearchParams(query);
  params.set('back', back);
  return `${path}?${params.toString()}`;
}

/** The hash route shown now (`/c2c?type=buy`), what a detour started outside React returns to. */
export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/** The current screen's `?back=`, when it is a route of this client. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return returnPathOf(params.get('back'));
}
