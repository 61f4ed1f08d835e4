import type { ReactNode } from 'react';
import type { TimeStyle, TimeValue } from '../lib/time';
import type { Column } from './DataTable';
import { LocalTime, ZonedHeader } from './LocalTime';

// Columns that several lists declare alike. DataTable gives a column's class to its header too, so the
// tables that use the figure columns keep their headers in the text font (deal.css).

/** A column of figures: right-aligned in the figures' font. */
export function figureColumn<Row>(header: ReactNode, cell: Column<Row>['cell']): Column<Row> {
  return { header, cell, align: 'right', className: 'num' };
}

/**
 * A column of moments (created, updated): in the viewer's zone, which the header names; figures, dimmed, on
 * the left.
 */
export function timeColumn<Row>(
  header: string,
  timeOf: (row: Row) => TimeValue,
  style: TimeStyle = 'dateTime',
): Column<Row> {
  return {
    header: <ZonedHeader label={header} />,
    cell: (row) => <LocalTime value={timeOf(row)} style={style} />,
    className: 'num secondary',
  };
}

/** A column with one button per row, at the right. */
export function buttonColumn<Row>(
  header: ReactNode,
  button: { label: ReactNode; className: string; testId: string; onClick: (row: Row) => void },
): Column<Row> {
  return {
    header,
    align: 'right',
    cell: (row) => (
      <button
        type="button"
        className={button.className}
        onClick={() => button.onClick(row)}
        data-testid={button.testId}
      >
        {button.label}
      </button>
    ),
  };
}
