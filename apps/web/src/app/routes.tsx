import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../components/RequireAuth';
import { Spinner } from '../components/States';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

/** Every screen is its own chunk, so the home route loads only what it shows. */
function page(load: () => Promise<{ default: ComponentType }>, options: { auth?: boolean } = {}): ReactNode {
  const Page = lazy(load);
  const element = (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
  return options.auth ? <RequireAuth>{element}</RequireAuth> : element;
}

/** The assets area: one page module per kind of screen, each route naming what it shows. */
function assetsRoutes(): RouteObject[] {
  const lists = () => import('../features/assets/AssetsPage');
  const details = () => import('../features/assets/AccountDetailPage');
  const transfers = () => import('../features/assets/TransferPage');
  const records = () => import('../features/assets/CoinRecordPage');
  const screens: [string[], () => Promise<{ default: ComponentType }>][] = [
    [['/dealFinance', '/finance', '/legal', '/micro'], lists],
    [['/legalAccount', '/microAccount', '/dealAccount', '/changeAccount'], details],
    [['/transfer', '/transferLegal', '/transferLever', '/transfermicro'], transfers],
    [['/transferRecord'], () => import('../features/assets/TransferRecordPage')],
    [['/coinRecord', '/tbrec'], records],
    [['/withdraw_address'], () => import('../features/assets/WithdrawAddressPage')],
    [['/coinDeposit', '/coinWithdraw'], () => import('../features/assets/CoinPage')],
    [['/legalFinance'], () => import('../features/assets/LegalFinancePage')],
    [['/finanrec'], () => import('../features/assets/FinanceRecordPage')],
    [['/lever_manger', '/manger'], () => import('../features/assets/ContractManagePage')],
  ];
  return screens.flatMap(([paths, load]) =>
    paths.map((path) => ({ path, element: page(load, { auth: true }) })),
  );
}

/** The hash routes of document 1, section 2.1, so links into the original client keep working. */
export const routes: RouteObject[] = [
  // The operator console: its own frame without the trader's header, in its own lazily loaded chunks.
  {
    path: '/admin',
    element: page(() => import('../features/admin/AdminLayout')),
    children: [
      { index: true, element: page(() => import('../features/admin/DashboardPage')) },
      { path: 'login', element: page(() => import('../features/admin/SignInPage')) },
      { path: 'enrol', element: page(() => import('../features/admin/EnrolPage')) },
      { path: 'users', element: page(() => import('../features/admin/UsersPage')) },
      { path: 'users/:id', element: page(() => import('../features/admin/UserDetailPage')) },
      { path: 'sellers', element: page(() => import('../features/admin/SellersPage')) },
      { path: 'channel', element: page(() => import('../features/admin/ChannelPage')) },
      { path: 'identities', element: page(() => import('../features/admin/IdentitiesPage')) },
      { path: 'money', element: page(() => import('../features/admin/MoneyPage')) },
      { path: 'markets', element: page(() => import('../features/admin/MarketsPage')) },
      { path: 'appeals', element: page(() => import('../features/admin/AppealsPage')) },
      { path: 'notices', element: page(() => import('../features/admin/NoticesPage')) },
      { path: 'products', element: page(() => import('../features/admin/ProductsPage')) },
      { path: 'settings', element: page(() => import('../features/admin/SettingsPage')) },
      { path: 'banners', element: page(() => import('../features/admin/BannersPage')) },
      { path: 'house', element: page(() => import('../features/admin/HousePage')) },
      { path: 'points', element: page(() => import('../features/admin/PointsPage')) },
      { path: 'operators', element: page(() => import('../features/admin/OperatorsPage')) },
    ],
  },
  {
    element: <Layout />,
    children: [
      { path: '/', element: page(() => import('../features/home/HomePage')) },
      { path: '/allmarket', element: page(() => import('../features/home/AllMarketsPage')) },
      { path: '/dealCenter', element: page(() => import('../features/exchange/ExchangePage')) },
      { path: '/secondsOrder', element: page(() => import('../features/micro/SecondsOrderPage')) },
      { path: '/insurance', element: page(() => import('../features/micro/InsurancePage'), { auth: true }) },
      { path: '/leverdealCenter', element: page(() => import('../features/lever/LeverCenterPage')) },
      {
        path: '/leverTransactions',
        element: page(() => import('../features/lever/PositionsPage'), { auth: true }),
      },
      {
        path: '/allTransaction',
        element: page(() => import('../features/lever/AllPositionsPage'), { auth: true }),
      },
      {
        path: '/leverList',
        element: page(() => import('../features/lever/LeverOrdersPage'), { auth: true }),
      },
      {
        path: '/leverRecord',
        element: page(() => import('../features/lever/LeverRecordPage'), { auth: true }),
      },
      { path: '/noticeList', element: page(() => import('../features/notice/NoticeListPage')) },
      {
        path: '/components/noticeDetail',
        element: page(() => import('../features/notice/NoticeDetailPage')),
      },
      { path: '/noticeDetail', element: page(() => import('../features/notice/NoticeDetailPage')) },
      { path: '/latestNotice', element: page(() => import('../features/notice/LatestNoticePage')) },
      { path: '/policy', element: page(() => import('../features/notice/PolicyPage')) },
      { path: '/components/login', element: page(() => import('../features/auth/LoginPage')) },
      { path: '/components/register', element: page(() => import('../features/auth/RegisterPage')) },
      { path: '/forgetPwd', element: page(() => import('../features/auth/ForgetPasswordPage')) },
      { path: '/resetPwd', element: page(() => import('../features/auth/ForgetPasswordPage')) },
      {
        path: '/bindmpwd',
        element: page(() => import('../features/auth/TradePasswordPage'), { auth: true }),
      },
      // Document 2's withdrawal-password form: withdrawals here are confirmed with the trade password.
      {
        path: '/withdrawPwd',
        element: page(() => import('../features/auth/TradePasswordPage'), { auth: true }),
      },
      { path: '/bindEmail', element: page(() => import('../features/auth/BindEmailPage'), { auth: true }) },
      // Document 3: /bindInfo binds the partner account of the points exchange (e-mail binding is /bindEmail).
      {
        path: '/bindInfo',
        element: page(() => import('../features/points/BindPartnerPage'), { auth: true }),
      },
      {
        path: '/integralExchanges',
        element: page(() => import('../features/points/PointsExchangePage'), { auth: true }),
      },
      {
        path: '/integralExchange',
        element: page(() => import('../features/points/PointsExchangePage'), { auth: true }),
      },
      // The points login variant: the login page with its points tab selected.
      {
        path: '/components/loginTransfer',
        element: <Navigate to="/components/login?variant=points" replace />,
      },
      { path: '/manage', element: page(() => import('../features/savings/ManagePage'), { auth: true }) },
      {
        path: '/manageList',
        element: page(() => import('../features/savings/ManageListPage'), { auth: true }),
      },
      {
        path: '/userSetting',
        element: page(() => import('../features/account/SettingsPage'), { auth: true }),
      },
      {
        path: '/accountSet',
        element: page(() => import('../features/account/SettingsPage'), { auth: true }),
      },
      {
        path: '/authentication',
        element: page(() => import('../features/account/IdentityPage'), { auth: true }),
      },
      // The assets container (document 2, sections 2-5; document 3 for withdraw addresses).
      ...assetsRoutes(),
      // The team tree and profit records (document 3), under the account area.
      { path: '/account/tree', element: page(() => import('../features/team/TreePage'), { auth: true }) },
      { path: '/tree', element: page(() => import('../features/team/TreePage'), { auth: true }) },
      { path: '/team', element: page(() => import('../features/team/TreePage'), { auth: true }) },
      { path: '/account/profit', element: page(() => import('../features/team/ProfitPage'), { auth: true }) },
      { path: '/profit', element: page(() => import('../features/team/ProfitPage'), { auth: true }) },
      // P2P (document 2, section 2): market, publish, my ads, my orders, an ad's orders, the seller record.
      { path: '/c2c', element: page(() => import('../features/c2c/C2cMarketPage')) },
      { path: '/c2cTrade', element: page(() => import('../features/c2c/C2cPublishPage'), { auth: true }) },
      { path: '/c2cRelease', element: page(() => import('../features/c2c/C2cMyAdsPage'), { auth: true }) },
      { path: '/c2cOrder', element: page(() => import('../features/c2c/C2cMyOrdersPage'), { auth: true }) },
      { path: '/c2cDetail', element: page(() => import('../features/c2c/C2cAdOrdersPage'), { auth: true }) },
      { path: '/c2cRecord', element: page(() => import('../features/c2c/C2cRecordPage'), { auth: true }) },
      { path: '/myLegalShops', element: page(() => import('../features/c2c/ShopPage'), { auth: true }) },
      { path: '/region', element: page(() => import('../features/region/RegionPage'), { auth: true }) },
      // Acceptors (document 2): the list, the deal form, the records, and the acceptor's own desk.
      {
        path: '/aceite',
        element: page(() => import('../features/acceptor/AcceptorListPage'), { auth: true }),
      },
      {
        path: '/rechargeMoney',
        element: page(() => import('../features/acceptor/RechargeMoneyPage'), { auth: true }),
      },
      {
        path: '/chargeRecord',
        element: page(() => import('../features/acceptor/ChargeRecordPage'), { auth: true }),
      },
      {
        path: '/acceptorDesk',
        element: page(() => import('../features/acceptor/AcceptorDeskPage'), { auth: true }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
