import type { Redis } from 'ioredis';
import type { AuditReport } from '@exchange/kernel/ledger';
import type { AuditRecord } from '../metrics';

/**
 * The last ledger audit, kept in Redis (under the instance's prefix) so that every workers process reports
 * the same result and age, whichever of them ran the job. Derived data: lost with Redis, it is back at the
 * next run, and meanwhile the age alert says the audit is overdue.
 */
const LAST_AUDIT_KEY = 'audit:last';

/** Runs the audit and records its outcome (problems are logged; the metric shows how many). */
export async function runLedgerAudit(
  audit: () => Promise<AuditReport>,
  redis: Redis,
  log: (fields: object, message: string) => void,
): Promise<AuditRecord> {
  const started = Date.now();
  const report = await audit();
  const record: AuditRecord = {
    ok: report.ok,
    problems: report.problems.length,
    at: Date.now(),
    durationMs: Date.now() - started,
  };
  await redis.set(LAST_AUDIT_KEY, JSON.stringify(record));
  if (!report.ok) log({ level: 'error', problems: report.problems }, 'ledger audit found problems');
  return record;
}

export async function lastLedgerAudit(redis: Redis): Promise<AuditRecord | undefined> {
  const text = await redis.get(LAST_AUDIT_KEY);
  return text ? (JSON.parse(text) as AuditRecord) : undefined;
}
