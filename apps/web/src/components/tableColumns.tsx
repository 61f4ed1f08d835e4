import type { ReactNode } from 'react';
import type { Column } from './DataTable';

// Columns that several lists declare alike. DataTable gives a column's class to its header too, so the
// tables that use the figure columns keep their headers in the text font (deal.css).

/** A column of figures: right-aligned in the figures' font. */
export function figureColumn<Row>(header: ReactNode, cell: Column<Row>['cell']): Column<Row> {
  return { header, cell, align: 'right', className: 'num' };
}

/** A column of moments (created, updated): figures, dimmed, on the left. */
export function timeColumn<Row>(header: ReactNode, cell: Column<Row>['cell']): Column<Row> {
  return { header, cell, className: 'num secondary' };
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
