import { vi } from 'vitest';

/** A call the page made, as the stubbed server saw it. */
export type StubCall = { url: string; body: URLSearchParams };

/**
 * For component tests: replaces `fetch` with a server that records every call and answers each with
 * `{ type: 'ok', message }`, the message chosen by `answer` (by default 'Done').
 */
export function stubServer(answer: (url: string, init?: RequestInit) => unknown = () => 'Done'): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
      calls.push({ url, body });
      return Promise.resolve(new Response(JSON.stringify({ type: 'ok', message: answer(url, init) })));
    }),
  );
  return calls;
}
