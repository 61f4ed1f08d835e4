import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAcceptorOrders, useAcceptorPushes } from './api';
import './acceptor.css';
import './i18n';

export type AcceptorSection = 'list' | 'deposits' | 'withdrawals' | 'desk' | null;

/** The acceptor area: title, tabs (the desk only for an acceptor's own user), the screen. */
export function AcceptorFrame({
  active,
  title,
  children,
}: {
  active: AcceptorSection;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('acceptor');
  useAcceptorPushes();
  const isAcceptor = useAcceptorOrders('').isSuccess;
  const items: { key: Exclude<AcceptorSection, null>; to: string; label: string }[] = [
    { key: 'list', to: '/aceite', label: t('nav.list') },
    { key: 'deposits', to: '/chargeRecord?current=0', label: t('nav.deposits') },
    { key: 'withdrawals', to: '/chargeRecord?current=1', label: t('nav.withdrawals') },
  ];
  if (isAcceptor) items.push({ key: 'desk', to: '/acceptorDesk', label: t('nav.desk') });
  return (
    <div className="container acc-page">
      <h1 className="acc-title">{title}</h1>
      <nav className="tabs acc-nav" aria-label={t('nav.label')}>
        {items.map((item) => (
          <NavLink
            key={item.key}
            to={item.to}
            className={() => `tab${item.key === active ? ' active' : ''}`}
            data-testid={`acc-nav-${item.key}`}
          >
            {item.label}
          </NavLink>
        ))}
        <NavLink to="/c2c" className="tab acc-nav-aside">
          {t('nav.p2p')}
        </NavLink>
      </nav>
      {children}
    </div>
  );
}

/** Loading, error and empty states of a list, or null when it has rows to show. */
export function ListState({
  pending,
  error,
  empty,
  onRetry,
  emptyText,
}: {
  pending: boolean;
  error: boolean;
  empty: boolean;
  onRetry: () => void;
  emptyText?: string;
}) {
  const { t } = useTranslation('acceptor');
  if (pending)
    return (
      <div className="centered">
        <div className="spinner" aria-label="loading" />
      </div>
    );
  if (error && empty)
    return (
      <div className="empty" data-testid="acc-list-error">
        {t('loadError')}{' '}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  if (empty) return <div className="empty">{emptyText ?? t('common:noData')}</div>;
  return null;
}
