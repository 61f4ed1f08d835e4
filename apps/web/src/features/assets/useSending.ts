import { useState } from 'react';

/**
 * A form's request in flight: `busy` while it runs (the submit button reads loading and is disabled). The API
 * client has shown a refusal already; `onFailure` is what the form does besides (clear a password, say the
 * network failed).
 */
export function useSending() {
  const [busy, setBusy] = useState(false);
  const send = async (request: () => Promise<void>, onFailure?: (error: unknown) => void) => {
    setBusy(true);
    try {
      await request();
    } catch (error) {
      onFailure?.(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}
