import type { HTMLAttributes, Key, ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers and actions sit on the right. */
  align?: 'right' | 'center';
  /** Classes of the column's header and cells (besides the alignment). */
  className?: string;
}

/** A column, or nothing where a screen shows it only in some states. */
export type MaybeColumn<Row> = Column<Row> | false | null | undefined;

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | number | undefined;
};

interface DataTableProps<Row> {
  columns: readonly MaybeColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Per-row attributes: test ids, a click handler, a class. */
  rowProps?: (row: Row, index: number) => RowAttributes;
  className?: string;
  testId?: string;
  /** Wider than a phone: the table scrolls inside its own box instead of widening the page. */
  scroll?: boolean;
}

function cellClass<Row>(column: Column<Row>): string | undefined {
  return [column.align, column.className].filter(Boolean).join(' ') || undefined;
}

/** A table drawn from a list of columns, so that screens declare what they show instead of repeating the markup. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  className = 'table',
  testId,
  scroll = false,
}: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const table = (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          {shown.map((column, index) => (
            <th key={index} className={cellClass(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowKey(row, rowIndex)} {...rowProps?.(row, rowIndex)}>
            {shown.map((column, index) => (
              <td key={index} className={cellClass(column)}>
                {column.cell(row, rowIndex)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="table-scroll">{table}</div> : table;
}
