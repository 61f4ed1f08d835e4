import { useUserInfo } from '../../api/user';
import { areaFrame } from '../../components/AreaFrame';
import { useC2cPushes } from './api';
import '../../components/deal.css';
import './c2c.css';

export type C2cSection = 'market' | 'publish' | 'ads' | 'orders' | 'shop';

/** The counterparty's pushes refresh every list; the shop is a seller's only. */
function useC2cArea(): C2cSection[] {
  useC2cPushes();
  return useUserInfo().data?.is_seller === 1 ? [] : ['shop'];
}

/** The P2P area: a title, the area's tabs and the screen. */
export const C2cFrame = areaFrame<C2cSection>({
  area: 'c2c',
  namespace: 'c2c',
  tabs: [
    { key: 'market', to: '/c2c', labelKey: 'nav.market' },
    { key: 'publish', to: '/c2cTrade', labelKey: 'nav.publish' },
    { key: 'ads', to: '/c2cRelease', labelKey: 'nav.myAds' },
    { key: 'orders', to: '/c2cOrder', labelKey: 'nav.myOrders' },
    { key: 'shop', to: '/myLegalShops', labelKey: 'nav.shop' },
  ],
  useHiddenTabs: useC2cArea,
  aside: { to: '/aceite', labelKey: 'nav.acceptor' },
});
