import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The spot benchmark's load generator, run in its own process so its work is not charged to the server: a
 * few keep-alive HTTP/1.1 connections per target, each sending one form-encoded order at a time (as the
 * web client does) and reading the answer with a minimal parser. Everything it needs arrives in one IPC
 * message; it answers with what it measured.
 */
export interface LoadPlan {
  targets: { host: string; port: number }[];
  tokens: string[];
  legalId: number;
  currencyId: number;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Sends orders of an unknown type, refused before anything is read or stored: what HTTP alone costs. */
  refusedOnPurpose?: boolean;
}

export interface LoadReport {
  /** Orders answered `ok` within the measured window. */
  accepted: number;
  /** The id of every order answered `ok`, warm-up and stragglers included: all must be in Postgres. */
  acknowledgedIds: string[];
  refused: Record<string, number>;
  latenciesMs: number[];
  /** Every answer, warm-up included. */
  answered: number;
}

/** The n-th order of the run: alternately buying and selling around 100, so about half of them trade. */
function orderBody(plan: LoadPlan, sequence: number): string {
  const buy = sequence % 2 === 0;
  const type = plan.refusedOnPurpose ? 0 : buy ? 1 : 2;
  // Buys between 99.00 and 100.99 and sells between 99.50 and 101.49, both walking through the range.
  const cents = (buy ? 9_900 : 9_950) + ((sequence * 37) % 200);
  const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return `legal_id=${plan.legalId}&currency_id=${plan.currencyId}&type=${type}&target_price=${price}&amount=0.01`;
}

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private waiting?: (answer: { status: number; body: string }) => void;
  private readonly socket: Socket;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => undefined);
  }

  request(path: string, token: string, body: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: bench\r\nAuthorization: ${token}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headerEnd = this.buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = this.buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headerEnd + 4 + length) return;
    const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(headerEnd + 4 + length);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.({ status: Number(head.slice(9, 12)), body });
  }

  close(): void {
    this.socket.destroy();
  }
}

export async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const report: LoadReport = { accepted: 0, acknowledgedIds: [], refused: {}, latenciesMs: [], answered: 0 };
  const started = performance.now();
  const measureFrom = started + plan.warmupMs;
  const deadline = measureFrom + plan.durationMs;
  let sequence = 0;
  await Promise.all(
    Array.from({ length: plan.connections }, async (_, index) => {
      const target = plan.targets[index % plan.targets.length] as LoadPlan['targets'][number];
      const connection = new Connection(target.host, target.port);
      try {
        for (;;) {
          const sent = performance.now();
          if (sent >= deadline) break;
          sequence += 1;
          // Each order from the next user in turn, so all of them trade (and rarely with themselves).
          const token = plan.tokens[sequence % plan.tokens.length] ?? '';
          const answer = await connection.request('/api/coin/trade', token, orderBody(plan, sequence));
          const done = performance.now();
          report.answered += 1;
          let parsed: { type?: string; message?: unknown; order?: { id?: string } } = {};
          try {
            parsed = JSON.parse(answer.body) as typeof parsed;
          } catch {
            parsed = { type: `http ${answer.status}` };
          }
          if (parsed.type === 'ok' && parsed.order?.id) report.acknowledgedIds.push(parsed.order.id);
          // Counted by when the answer came: what the server completed within the measured window.
          if (done < measureFrom || done >= deadline) continue;
          report.latenciesMs.push(done - sent);
          if (parsed.type === 'ok') report.accepted += 1;
          else {
            const reason = `${parsed.type}: ${String(parsed.message)}`;
            report.refused[reason] = (report.refused[reason] ?? 0) + 1;
          }
        }
      } finally {
        connection.close();
      }
    }),
  );
  return report;
}

// As a child process: one plan in, one report out.
if (process.send) {
  process.once('message', (plan: LoadPlan) => {
    void runLoad(plan).then((report) => {
      process.send?.(report, () => process.exit(0));
    });
  });
}
