import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';

/** Loading, error (with retry) and empty states of a console list, then the list itself. */
export function QueryView<T>({
  query,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className="empty admin-error" data-testid="admin-error">
        {t('failed', { message: query.error.message })}{' '}
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (isEmpty?.(query.data)) return <div className="empty">{t('empty')}</div>;
  return <>{children(query.data)}</>;
}

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="panel admin-section" data-testid={testId}>
      <div className="panel-header">{title}</div>
      <div className="panel-body">{children}</div>
    </section>
  );
}

export const formatTime = (iso: string) => new Date(iso).toLocaleString();

/** A labelled one-line input of the console's forms. */
export function TextField(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
}) {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <input
        className="input"
        type={props.type ?? 'text'}
        data-testid={props.testId}
        autoComplete={props.autoComplete ?? 'off'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** Shown instead of a page's controls to a role that may only look. */
export function ReadOnlyNote() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-note" data-testid="admin-read-only">
      {t('readOnly')}
    </div>
  );
}

/** The fresh two-factor code and the reason that a page's money decisions send with each click. */
export function useProof() {
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  return { code, setCode, reason, setReason };
}

/** The proof's fields (in a section of their own where titled); a role that may not act reads a note instead. */
export function CodeAndReason(props: {
  proof: ReturnType<typeof useProof>;
  codeLabel: string;
  canAct?: boolean;
  title?: string;
}) {
  const { t } = useTranslation('admin');
  if (props.canAct === false) return <ReadOnlyNote />;
  const fields = (
    <div className="admin-form admin-section">
      <TextField
        label={props.codeLabel}
        testId="admin-totp"
        autoComplete="one-time-code"
        value={props.proof.code}
        onChange={props.proof.setCode}
      />
      <TextField
        label={t('reason')}
        testId="admin-reason"
        value={props.proof.reason}
        onChange={props.proof.setReason}
      />
    </div>
  );
  return props.title === undefined ? fields : <Section title={props.title}>{fields}</Section>;
}

export interface RowAction {
  label: string;
  testId?: string;
  onClick: () => void;
  disabled?: boolean;
  /** The button's look: `ghost` unless a money decision (`buy` pays, `sell` refuses). */
  tone?: 'ghost' | 'buy' | 'sell';
}

/** The last cell of a console row: its action buttons. */
export function ActionsCell({ actions }: { actions: RowAction[] }) {
  return (
    <td>
      <div className="admin-actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={`btn btn-sm btn-${action.tone ?? 'ghost'}`}
            data-testid={action.testId}
            disabled={action.disabled}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </td>
  );
}

/** A console list as a table: its states (QueryView), a header row, and one row per item. */
export function ListTable<T>({
  query,
  head,
  children,
}: {
  query: UseQueryResult<T[]>;
  head: string[];
  children: (item: T) => ReactNode;
}) {
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <table className="table">
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index}>{cell}</th>
              ))}
            </tr>
          </thead>
          <tbody>{rows.map(children)}</tbody>
        </table>
      )}
    </QueryView>
  );
}
