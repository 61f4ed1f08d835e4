import { useTranslation } from 'react-i18next';
import { areaFrame } from '../../components/AreaFrame';
import { ListState as SharedListState, type ListStateProps } from '../../components/ListState';
import { useAcceptorOrders, useAcceptorPushes } from './api';
import '../../components/deal.css';
import './acceptor.css';

export type AcceptorSection = 'list' | 'deposits' | 'withdrawals' | 'desk';

/** The deals' pushes refresh every list; the desk is an acceptor's own user's only. */
function useAcceptorArea(): AcceptorSection[] {
  useAcceptorPushes();
  return useAcceptorOrders('').isSuccess ? [] : ['desk'];
}

/** The acceptor area: title, tabs, the screen. */
export const AcceptorFrame = areaFrame<AcceptorSection>({
  area: 'acc',
  namespace: 'acceptor',
  tabs: [
    { key: 'list', to: '/aceite', labelKey: 'nav.list' },
    { key: 'deposits', to: '/chargeRecord?current=0', labelKey: 'nav.deposits' },
    { key: 'withdrawals', to: '/chargeRecord?current=1', labelKey: 'nav.withdrawals' },
    { key: 'desk', to: '/acceptorDesk', labelKey: 'nav.desk' },
  ],
  useHiddenTabs: useAcceptorArea,
  aside: { to: '/c2c', labelKey: 'nav.p2p' },
});

/** Loading, error and empty states of an acceptor list, or null when it has rows to show. */
export function ListState(props: ListStateProps) {
  const { t } = useTranslation('acceptor');
  return <SharedListState {...props} area="acc" text={{ loadError: t('loadError') }} />;
}
