import { useSyncExternalStore } from 'react';

/** Toasts and the confirm dialog live in tiny stores so code outside React (the API client) can raise them. */
export type ToastTone = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

const TOAST_LIFETIME_MS = 3000;
const MAX_TOASTS = 4;
let toasts: Toast[] = [];
let nextToastId = 1;
const toastListeners = new Set<() => void>();

function emitToasts(): void {
  for (const listener of toastListeners) listener();
}

export function toast(text: string, tone: ToastTone = 'info'): void {
  if (!text) return;
  const id = nextToastId++;
  toasts = [...toasts.slice(-(MAX_TOASTS - 1)), { id, text, tone }];
  emitToasts();
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emitToasts();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      toastListeners.add(listener);
      return () => toastListeners.delete(listener);
    },
    () => toasts,
  );
}

export interface ConfirmRequest {
  title?: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  resolve: (confirmed: boolean) => void;
}

let pendingConfirm: ConfirmRequest | null = null;
const confirmListeners = new Set<() => void>();

function emitConfirm(): void {
  for (const listener of confirmListeners) listener();
}

/** Asks yes or no in the app's own dialog; resolves false when dismissed. */
export function confirmDialog(request: Omit<ConfirmRequest, 'resolve'>): Promise<boolean> {
  pendingConfirm?.resolve(false);
  return new Promise((resolve) => {
    pendingConfirm = {
      ...request,
      resolve: (confirmed) => {
        pendingConfirm = null;
        emitConfirm();
        resolve(confirmed);
      },
    };
    emitConfirm();
  });
}

export function useConfirmRequest(): ConfirmRequest | null {
  return useSyncExternalStore(
    (listener) => {
      confirmListeners.add(listener);
      return () => confirmListeners.delete(listener);
    },
    () => pendingConfirm,
  );
}
