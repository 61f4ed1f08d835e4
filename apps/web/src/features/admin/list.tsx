import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { DataTable, type MaybeColumn } from '../../components/DataTable';
import { Tabs, buttonTab } from '../../components/Tabs';
import { Pager } from '../../components/Pager';
import { QueryView, Section } from './parts';
import type { Page } from './users-api';

/** One button of a console row. */
export interface RowAction {
  label: string;
  testId?: string;
  onClick: () => void;
  disabled?: boolean;
  /** The button's look: `ghost` unless a decision (`buy` pays or turns on, `sell` refuses or turns off). */
  tone?: 'ghost' | 'buy' | 'sell' | 'primary';
}

export function RowButton({ action }: { action: RowAction }) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-${action.tone ?? 'ghost'}`}
      data-testid={action.testId}
      disabled={action.disabled}
      onClick={action.onClick}
    >
      {action.label}
    </button>
  );
}

/**
 * A decision's buttons, each `{ label, testId, onClick }`, yes first: yes looks like buying, no like selling;
 * both wait while one is sent.
 */
export function decisionButtons(
  pending: boolean,
  choices: Omit<RowAction, 'tone' | 'disabled'>[],
): RowAction[] {
  return choices.map((choice, index) => ({
    ...choice,
    tone: index === 0 ? 'buy' : 'sell',
    disabled: pending,
  }));
}

/** The last cell of a console row: its action buttons. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className="admin-actions">
      {actions.map((action) => (
        <RowButton key={action.label} action={action} />
      ))}
    </div>
  );
}

/** Good (green) or bad (red) by a row's state; the class sits on the text, the column's cells differ per row. */
export function Verdict({ good, children }: { good: boolean; children: ReactNode }) {
  return <span className={good ? 'admin-ok' : 'admin-bad'}>{children}</span>;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & {
  [data: `data-${string}`]: string | number | undefined;
};

export interface TableOptions<Row> {
  columns: readonly MaybeColumn<Row>[];
  /** The test id of every row. */
  rowTestId?: string;
  /** More of a row's attributes (data-symbol, a click). */
  rowProps?: (row: Row) => RowAttributes;
  /** Each row's buttons in a last column; `false` for a role that may not act (no column). */
  actions?: false | ((row: Row) => RowAction[]);
  /** Console rows are keyed by their id; a row without one (a setting) names its key. */
  rowKey?: (row: Row) => string | number;
  testId?: string;
}

const byId = (row: object) => (row as { id: string | number }).id;

function ConsoleTable<Row extends object>({
  rows,
  columns,
  rowTestId,
  rowProps,
  rowKey = byId,
  testId,
  actions,
}: TableOptions<Row> & { rows: readonly Row[] }) {
  return (
    <DataTable
      columns={[
        ...columns,
        actions && { header: '', cell: (row: Row) => <RowActions actions={actions(row)} /> },
      ]}
      rows={rows}
      rowKey={rowKey}
      testId={testId}
      rowProps={(row) => ({ 'data-testid': rowTestId, ...rowProps?.(row) })}
    />
  );
}

/** A console list as a table: its states (QueryView), then a row per item drawn from the columns. */
export function ListTable<Row extends object>({
  query,
  ...table
}: TableOptions<Row> & { query: UseQueryResult<Row[]> }) {
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => <ConsoleTable rows={rows} {...table} />}
    </QueryView>
  );
}

/**
 * A console list screen: a titled section, the controls above its list (a filter, a form, the proof), and
 * the list. Each list screen is this fed by its query and its columns.
 */
export function ListSection<Row extends object>({
  title,
  sectionTestId,
  controls,
  ...list
}: TableOptions<Row> & {
  title: string;
  sectionTestId: string;
  query: UseQueryResult<Row[]>;
  controls?: ReactNode;
}) {
  return (
    <Section title={title} testId={sectionTestId}>
      {controls}
      <ListTable {...list} />
    </Section>
  );
}

/** A paged list's filter and page; choosing another filter goes back to the first page. */
export function usePaging<Filter extends string>(first: Filter) {
  const [filter, setFilter] = useState(first);
  const [page, setPage] = useState(1);
  const choose = (value: Filter) => {
    setFilter(value);
    setPage(1);
  };
  return { filter, page, setPage, choose };
}

/** A list read a page at a time under a row of filter buttons, with the pager under it. */
export function PagedList<Filter extends string, Row extends object>({
  paging,
  filters,
  query,
  pageSize,
  ...table
}: TableOptions<Row> & {
  paging: ReturnType<typeof usePaging<Filter>>;
  filters: { items: readonly Filter[]; label: (item: Filter) => string; testId: (item: Filter) => string };
  query: UseQueryResult<Page<Row>>;
  pageSize: number;
}) {
  return (
    <>
      <Tabs
        className="admin-actions admin-section"
        tabClassName={buttonTab}
        items={filters.items}
        value={paging.filter}
        onChange={paging.choose}
        label={filters.label}
        testId={filters.testId}
      />
      <QueryView query={query} isEmpty={(data) => data.list.length === 0}>
        {(data) => (
          <>
            <ConsoleTable rows={data.list} {...table} />
            <Pager
              page={paging.page}
              last={Math.ceil(data.total / pageSize)}
              onPage={paging.setPage}
              testIdPrefix="admin-pager"
            />
          </>
        )}
      </QueryView>
    </>
  );
}
