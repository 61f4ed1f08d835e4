import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUserInfo } from '../../api/user';
import { useC2cPushes } from './api';
import './c2c.css';
import './i18n';

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
  const items: { key: C2cSection; to: string; label: string }[] = [
    { key: 'market', to: '/c2c', label: t('nav.market') },
    { key: 'publish', to: '/c2cTrade', label: t('nav.publish') },
    { key: 'ads', to: '/c2cRelease', label: t('nav.myAds') },
    { key: 'orders', to: '/c2cOrder', label: t('nav.myOrders') },
  ];
  if (user?.is_seller === 1) items.push({ key: 'shop', to: '/myLegalShops', label: t('nav.shop') });
  return (
    <div className="container c2c-page">
      <div className="c2c-head">
        <h1 className="c2c-title">{title}</h1>
        {actions}
      </div>
      <nav className="tabs c2c-nav" aria-label={t('nav.label')}>
        {items.map((item) => (
          <NavLink
            key={item.key}
            to={item.to}
            className={() => `tab${item.key === active ? ' active' : ''}`}
            data-testid={`c2c-nav-${item.key}`}
          >
            {item.label}
          </NavLink>
        ))}
        <NavLink to="/aceite" className="tab c2c-nav-aside" data-testid="c2c-nav-acceptor">
          {t('nav.acceptor')}
        </NavLink>
      </nav>
      {children}
    </div>
  );
}
