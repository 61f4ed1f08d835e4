/**
 * What the client does with an answer that is not `ok` (document 1, section 8). Pure, so the catalogue is
 * tested on its own; `api.ts` carries the actions out.
 */
export type CatalogueAction =
  | { kind: 'sessionExpired' }
  | { kind: 'settings'; message: string; delayMs: number; to: string }
  | { kind: 'identity'; message: string; delayMs: number; to: string }
  | { kind: 'tradePassword'; message: string; delayMs: number; to: string }
  | { kind: 'message'; message: string };

export interface Envelope<T = unknown> {
  type: string;
  message: T;
}

export const SESSION_EXPIRED = '999';

export function catalogueAction(envelope: Envelope): CatalogueAction {
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  switch (envelope.type) {
    case SESSION_EXPIRED:
      return { kind: 'sessionExpired' };
    // The one setting the server asks for this way is the receiving account (P2P): its own tab.
    case '997':
    case '555':
      return { kind: 'settings', message, delayMs: 500, to: '/userSetting?tab=bank' };
    case '998':
      return { kind: 'identity', message, delayMs: 500, to: '/authentication' };
    case '996':
    case 'not':
      return { kind: 'tradePassword', message, delayMs: 1000, to: '/bindmpwd' };
    default:
      return { kind: 'message', message };
  }
}
