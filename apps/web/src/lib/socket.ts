import { io, type Socket } from 'socket.io-client';
import { useEffect, useRef } from 'react';
import { getToken } from './session';
import { readStored, STORAGE_KEYS } from './storage';

/**
 * One socket.io connection on /wss/ (websocket transport, as the spec's client). After connecting it emits
 * `login` with the user id and the token, so the server joins it to the user's room.
 */
let socket: Socket | null = null;

function login(target: Socket): void {
  const token = getToken();
  const userId = readStored(STORAGE_KEYS.userId);
  if (token) target.emit('login', { user_id: userId, token });
}

export function getSocket(): Socket {
  if (!socket) {
    socket = io({ path: '/wss/', transports: ['websocket'] });
    socket.on('connect', () => login(socket as Socket));
  }
  return socket;
}

/** Re-proves the session after sign-in (the connection may predate it). */
export function relogSocket(): void {
  if (socket?.connected) login(socket);
}

/** Subscribes a component to one socket event for as long as it is mounted; the handler may change freely. */
export function useSocketEvent<T>(event: string, handler: (payload: T) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const target = getSocket();
    const listener = (payload: T) => latest.current(payload);
    target.on(event, listener);
    return () => {
      target.off(event, listener);
    };
  }, [event]);
}
