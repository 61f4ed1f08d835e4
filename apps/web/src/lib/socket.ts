import type { ClientEvents, PushEvent, PushEvents, PushPayload } from '@exchange/contracts';
import { io, type Socket } from 'socket.io-client';
import { useEffect, useRef } from 'react';
import { getToken } from './session';
import { readStored, STORAGE_KEYS } from './storage';

/**
 * One socket.io connection on /wss/ (websocket transport, as the spec's client). After connecting it emits
 * `login` with the user id and the token, so the server joins it to the user's room.
 */
type PushSocket = Socket<PushEvents, ClientEvents>;

let socket: PushSocket | null = null;

function login(target: PushSocket): void {
  const token = getToken();
  const userId = readStored(STORAGE_KEYS.userId);
  if (token) target.emit('login', { user_id: userId, token });
}

export function getSocket(): PushSocket {
  if (!socket) {
    socket = io({ path: '/wss/', transports: ['websocket'] });
    socket.on('connect', () => login(socket as PushSocket));
  }
  return socket;
}

/** Re-proves the session after sign-in (the connection may predate it). */
export function relogSocket(): void {
  if (socket?.connected) login(socket);
}

/**
 * Subscribes a component to one socket push for as long as it is mounted; the handler may change freely. The
 * contract's event map types the payload from the event's name.
 */
export function useSocketEvent<Event extends PushEvent>(
  event: Event,
  handler: (payload: PushPayload<Event>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const target = getSocket();
    // socket.io's typed `on` cannot follow a generic event name: the map above fixed the payload already.
    const listener = ((payload: PushPayload<Event>) => latest.current(payload)) as PushEvents[Event];
    target.on(event, listener as never);
    return () => {
      target.off(event, listener as never);
    };
  }, [event]);
}
