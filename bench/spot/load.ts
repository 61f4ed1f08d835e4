import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The spot benchmark's load generator, run in its own process so its work is not charged to the server:
 * keep-alive HTTP/1.1 connections sending form-encoded orders (as the web client does), answers read with a
 * minimal parser. Closed loop: each connection sends its next order once the previous one is answered.
 * Open loop (`ratePerSecond`): orders go out on a fixed schedule whatever the answers do, and a latency
 * counts from the scheduled send time, so a server that stalls shows as latency instead of as fewer
 * requests sent (coordinated omission). Everything it needs arrives in one IPC message; it answers with
 * what it measured.
 */
export interface LoadPlan {
  targets: { host: string; port: number }[];
  tokens: string[];
  legalId: number;
  /** The markets' base currencies: consecutive pairs of orders (a buy and a sell) go to one market in turn. */
  currencyIds: number[];
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** Sends orders of an unknown type, refused before anything is read or stored: what HTTP alone costs. */
  refusedOnPurpose?: boolean;
  /** Open loop at this many orders per second (see above); closed loop without it. */
  ratePerSecond?: number;
}

export interface LoadReport {
  /** Orders answered `ok` within the measured window. */
  accepted: number;
  /** The id of every order answered `ok`, warm-up and stragglers included: all must be in Postgres. */
  acknowledgedIds: string[];
  refused: Record<string, number>;
  /**
   * Within the measured window: closed loop, the requests answered in it, from send to answer; open loop,
   * the requests scheduled in it, from their scheduled time to their answer (or to giving up on it).
   */
  latenciesMs: number[];
  /** Every answer, warm-up included. */
  answered: number;
  /** The answers that came within the measured window (open loop: whether the server kept up). */
  answeredInWindow: number;
  /** Requests never answered (open loop: given up ANSWER_GRACE_MS after the schedule ended). */
  unanswered: number;
  /**
   * Open loop: how late the generator itself sent, at most, and how many requests went out over 5 ms late
   * (their latency includes it: a busy generator makes the figures worse, never better).
   */
  sendLag: { maxMs: number; over5Ms: number };
  /** The generator's own CPU time over the run, ms. */
  cpuMs: number;
}

/** Open loop: how long answers are awaited after the last scheduled request before the sockets are closed. */
const ANSWER_GRACE_MS = 60_000;

type Answer = { status: number; body: string };

/** The n-th order of the run: alternately buying and selling around 100, so about half of them trade. */
function orderBody(plan: LoadPlan, sequence: number): string {
  const buy = sequence % 2 === 0;
  const type = plan.refusedOnPurpose ? 0 : buy ? 1 : 2;
  // Buys between 99.00 and 100.99 and sells between 99.50 and 101.49, both walking through the range.
  const cents = (buy ? 9_900 : 9_950) + ((sequence * 37) % 200);
  const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const currencyId = plan.currencyIds[Math.floor(sequence / 2) % plan.currencyIds.length];
  return `legal_id=${plan.legalId}&currency_id=${currencyId}&type=${type}&target_price=${price}&amount=0.01`;
}

/** One keep-alive connection; several requests may be in flight (pipelined), answered in order. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: ((answer: Answer) => void)[] = [];
  private readonly socket: Socket;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', () => undefined);
    // A closed connection answers nothing more: its pending requests end as status 0 instead of hanging.
    this.socket.on('close', () =>
      this.waiting.splice(0).forEach((resolve) => resolve({ status: 0, body: '' })),
    );
  }

  get inFlight(): number {
    return this.waiting.length;
  }

  request(path: string, token: string, body: string): Promise<Answer> {
    if (this.socket.destroyed) return Promise.resolve({ status: 0, body: '' });
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.socket.write(
        `POST ${path} HTTP/1.1\r\nHost: bench\r\nAuthorization: ${token}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = this.buffer.subarray(0, headerEnd).toString('latin1');
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      this.waiting.shift()?.({ status: Number(head.slice(9, 12)), body });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

export async function runLoad(plan: LoadPlan): Promise<LoadReport> {
  const report: LoadReport = {
    accepted: 0,
    acknowledgedIds: [],
    refused: {},
    latenciesMs: [],
    answered: 0,
    answeredInWindow: 0,
    unanswered: 0,
    sendLag: { maxMs: 0, over5Ms: 0 },
    cpuMs: 0,
  };
  const cpuBefore = process.cpuUsage();
  const connections = Array.from({ length: plan.connections }, (_, index) => {
    const target = plan.targets[index % plan.targets.length] as LoadPlan['targets'][number];
    return new Connection(target.host, target.port);
  });
  const started = performance.now();
  const measureFrom = started + plan.warmupMs;
  const deadline = measureFrom + plan.durationMs;
  // Tells the parent when the measured window opens (it resets the servers' stage times then).
  const opening = setTimeout(() => process.send?.({ measuring: true }), plan.warmupMs);
  let sequence = 0;
  /** Sends the next order on a connection; `since` is when it counts from, `inWindow` whether it is measured. */
  const send = async (connection: Connection, since: number, inWindow: (done: number) => boolean) => {
    sequence += 1;
    // Each order from the next user in turn, so all of them trade (and rarely with themselves).
    const token = plan.tokens[sequence % plan.tokens.length] ?? '';
    const answer = await connection.request('/api/coin/trade', token, orderBody(plan, sequence));
    const done = performance.now();
    if (answer.status === 0) report.unanswered += 1;
    else report.answered += 1;
    if (answer.status !== 0 && done >= measureFrom && done < deadline) report.answeredInWindow += 1;
    let parsed: { type?: string; message?: unknown; order?: { id?: string } } = {};
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      parsed = { type: answer.status === 0 ? 'no answer' : `http ${answer.status}` };
    }
    if (parsed.type === 'ok' && parsed.order?.id) report.acknowledgedIds.push(parsed.order.id);
    if (!inWindow(done)) return;
    report.latenciesMs.push(done - since);
    if (parsed.type === 'ok') report.accepted += 1;
    else {
      const reason = `${parsed.type}: ${String(parsed.message)}`;
      report.refused[reason] = (report.refused[reason] ?? 0) + 1;
    }
  };
  try {
    if (plan.ratePerSecond === undefined) {
      // Counted by when the answer came: what the server completed within the measured window.
      const answeredInWindow = (done: number) => done >= measureFrom && done < deadline;
      await Promise.all(
        connections.map(async (connection) => {
          while (performance.now() < deadline) await send(connection, performance.now(), answeredInWindow);
        }),
      );
    } else {
      const interval = 1000 / plan.ratePerSecond;
      const total = Math.floor(((plan.warmupMs + plan.durationMs) / 1000) * plan.ratePerSecond);
      const answers: Promise<void>[] = [];
      let next = 0;
      let turn = 0;
      while (next < total) {
        // Everything due by now goes out: after a late timer (or a busy generator) that is a burst, and
        // those requests' latency still counts from when they were due.
        for (const now = performance.now(); next < total && started + next * interval <= now; next += 1) {
          const scheduled = started + next * interval;
          const lag = now - scheduled;
          report.sendLag.maxMs = Math.max(report.sendLag.maxMs, lag);
          if (lag > 5) report.sendLag.over5Ms += 1;
          // The next idle connection in turn if there is one, else pipelined on the next in turn.
          let index = turn;
          while (
            index < turn + connections.length &&
            (connections[index % connections.length]?.inFlight ?? 0) > 0
          )
            index += 1;
          if (index === turn + connections.length) index = turn;
          const connection = connections[index % connections.length] as Connection;
          turn = index + 1;
          const measured = scheduled >= measureFrom && scheduled < deadline;
          answers.push(send(connection, scheduled, () => measured));
        }
        const due = started + next * interval - performance.now();
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due)));
      }
      const giveUp = setTimeout(
        () => connections.forEach((connection) => connection.close()),
        ANSWER_GRACE_MS,
      );
      await Promise.all(answers);
      clearTimeout(giveUp);
    }
  } finally {
    for (const connection of connections) connection.close();
    clearTimeout(opening);
  }
  const cpu = process.cpuUsage(cpuBefore);
  report.cpuMs = (cpu.user + cpu.system) / 1000;
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
