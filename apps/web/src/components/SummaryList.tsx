import type { ReactNode } from 'react';

export interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  /** The value's classes (`num` for figures). */
  className?: string;
  testId?: string;
}

/**
 * The label/value summary of an order, a deal or an acceptor (deal.css lays it out); rows given as `false`
 * are the ones this order does not have.
 */
export function SummaryList({
  className,
  testId,
  rows,
}: {
  className: string;
  testId?: string;
  rows: readonly (SummaryRow | false | null | undefined)[];
}) {
  const shown = rows.filter((row): row is SummaryRow => Boolean(row));
  return (
    <dl className={className} data-testid={testId}>
      {shown.map((row, index) => (
        <div key={index}>
          <dt>{row.label}</dt>
          <dd className={row.className} data-testid={row.testId}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
