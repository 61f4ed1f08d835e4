import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaFrame, type AreaTab } from '../../components/AreaFrame';
import { ListState as SharedListState, type ListStateProps } from '../../components/ListState';
import { useAcceptorOrders, useAcceptorPushes } from './api';
import '../../components/deal.css';
import './acceptor.css';

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
  const tabs: AreaTab<Exclude<AcceptorSection, null>>[] = [
    { key: 'list', to: '/aceite', label: t('nav.list') },
    { key: 'deposits', to: '/chargeRecord?current=0', label: t('nav.deposits') },
    { key: 'withdrawals', to: '/chargeRecord?current=1', label: t('nav.withdrawals') },
  ];
  if (isAcceptor) tabs.push({ key: 'desk', to: '/acceptorDesk', label: t('nav.desk') });
  return (
    <AreaFrame
      area="acc"
      title={title}
      navLabel={t('nav.label')}
      tabs={tabs}
      active={active}
      aside={{ to: '/c2c', label: t('nav.p2p') }}
    >
      {children}
    </AreaFrame>
  );
}

/** Loading, error and empty states of an acceptor list, or null when it has rows to show. */
export function ListState(props: ListStateProps) {
  const { t } = useTranslation('acceptor');
  return <SharedListState {...props} area="acc" text={{ loadError: t('loadError') }} />;
}
