import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

/** Shown instead of a page's controls to a role that may only look. */
export function ReadOnlyNote() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-note" data-testid="admin-read-only">
      {t('readOnly')}
    </div>
  );
}

/** An identity's review state (-1 none sent, 0 rejected, 1 waiting, 2 approved), as a word. */
const IDENTITY_STATES: Record<number, string> = { [-1]: 'none', 0: 'rejected', 1: 'waiting', 2: 'approved' };

export function IdentityState({ status }: { status: number }) {
  const { t } = useTranslation('admin');
  return <>{t(`users.kycState.${IDENTITY_STATES[status] ?? 'none'}`)}</>;
}

/** Whether the user may sign in (status 1: locked after too many wrong passwords). */
export function SignInState({ status }: { status: number }) {
  const { t } = useTranslation('admin');
  return <>{t(status === 1 ? 'users.login.locked' : 'users.login.open')}</>;
}
