import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user';
import { AreaFrame, type AreaTab } from '../../components/AreaFrame';
import { useC2cPushes } from './api';
import '../../components/deal.css';
import './c2c.css';

export type C2cSection = 'market' | 'publish' | 'ads' | 'orders' | 'shop';

/** The P2P area: a title, the area's tabs and the screen; the counterparty's pushes refresh every list. */
export function C2cFrame({
  active,
  title,
  actions,
  children,
}: {
  active: C2cSection | null;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('c2c');
  const user = useUserInfo().data;
  useC2cPushes();
  const tabs: AreaTab<C2cSection>[] = [
    { key: 'market', to: '/c2c', label: t('nav.market') },
    { key: 'publish', to: '/c2cTrade', label: t('nav.publish') },
    { key: 'ads', to: '/c2cRelease', label: t('nav.myAds') },
    { key: 'orders', to: '/c2cOrder', label: t('nav.myOrders') },
  ];
  if (user?.is_seller === 1) tabs.push({ key: 'shop', to: '/myLegalShops', label: t('nav.shop') });
  return (
    <AreaFrame
      area="c2c"
      title={title}
      actions={actions}
      navLabel={t('nav.label')}
      tabs={tabs}
      active={active}
      aside={{ to: '/aceite', label: t('nav.acceptor') }}
    >
      {children}
    </AreaFrame>
  );
}
