import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
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

/** The hash routes of document 1, section 2.1, so links into the original client keep working. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: page(() => import('../features/home/HomePage')) },
      { path: '/allmarket', element: page(() => import('../features/home/AllMarketsPage')) },
      { path: '/dealCenter', element: page(() => import('../features/exchange/ExchangePage')) },
      { path: '/noticeList', element: page(() => import('../features/notice/NoticeListPage')) },
      {
        path: '/components/noticeDetail',
        element: page(() => import('../features/notice/NoticeDetailPage')),
      },
      { path: '/noticeDetail', element: page(() => import('../features/notice/NoticeDetailPage')) },
      { path: '/policy', element: page(() => import('../features/notice/PolicyPage')) },
      { path: '/components/login', element: page(() => import('../features/auth/LoginPage')) },
      { path: '/components/register', element: page(() => import('../features/auth/RegisterPage')) },
      { path: '/forgetPwd', element: page(() => import('../features/auth/ForgetPasswordPage')) },
      {
        path: '/bindmpwd',
        element: page(() => import('../features/auth/TradePasswordPage'), { auth: true }),
      },
      { path: '/bindEmail', element: page(() => import('../features/auth/BindEmailPage'), { auth: true }) },
      { path: '/bindInfo', element: page(() => import('../features/auth/BindEmailPage'), { auth: true }) },
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
      { path: '/dealFinance', element: page(() => import('../features/account/AssetsPage'), { auth: true }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
