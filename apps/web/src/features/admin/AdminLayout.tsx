import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/States';
import { toggleTheme, useTheme } from '../../lib/theme';
import { writeStored, STORAGE_KEYS } from '../../lib/storage';
import { adminApi, setAdminToken, useAdminToken, useMe } from './api';
import './admin.css';

const NAV = [
  ['/admin', 'dashboard'],
  ['/admin/users', 'users'],
  ['/admin/identities', 'identities'],
  ['/admin/money', 'money'],
  ['/admin/house', 'house'],
  ['/admin/points', 'points'],
  ['/admin/markets', 'markets'],
  ['/admin/appeals', 'appeals'],
  ['/admin/sellers', 'sellers'],
  ['/admin/channel', 'channel'],
  ['/admin/notices', 'notices'],
  ['/admin/products', 'products'],
  ['/admin/settings', 'settings'],
  ['/admin/banners', 'banners'],
  ['/admin/operators', 'operators'],
] as const;

/** English or simplified Chinese for the console; stored as the client's language like the trader's menu. */
function LanguageSwitch() {
  const { i18n } = useTranslation();
  const next = i18n.language === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="btn btn-sm btn-ghost"
      data-testid="admin-language"
      onClick={() => {
        writeStored(STORAGE_KEYS.locale, next);
        void i18n.changeLanguage(next);
      }}
    >
      {next === 'zh' ? '中文' : 'English'}
    </button>
  );
}

/** The console's frame (no trader header): sign-in gate, two-factor gate, navigation, theme and language. */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const token = useAdminToken();
  const me = useMe(token);
  const theme = useTheme();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = pathname === '/admin/login';

  const mustEnrol = me.data && (me.data.needs_enrolment || (me.data.totp_enrolled && !me.data.totp_passed));
  useEffect(() => {
    if (open) return;
    if (!token) void navigate('/admin/login');
    else if (mustEnrol && pathname !== '/admin/enrol') void navigate('/admin/enrol');
  }, [open, token, mustEnrol, pathname, navigate]);

  const header = (
    <header className="admin-top">
      <span className="admin-brand">{t('brand')}</span>
      <span className="admin-spacer" />
      {me.data && (
        <span className="admin-who" data-testid="admin-who">
          {me.data.login} · {me.data.role}
        </span>
      )}
      <LanguageSwitch />
      <button type="button" className="btn btn-sm btn-ghost" data-testid="admin-theme" onClick={toggleTheme}>
        {t(`theme.${theme}`)}
      </button>
      {token && (
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          data-testid="admin-sign-out"
          onClick={() => {
            void adminApi.post('logout').catch(() => undefined);
            setAdminToken(null);
            void navigate('/admin/login');
          }}
        >
          {t('signOut')}
        </button>
      )}
    </header>
  );

  if (open || pathname === '/admin/enrol')
    return (
      <div className="admin-app">
        {header}
        <main className="admin-main admin-narrow">
          <Outlet />
        </main>
      </div>
    );
  if (!token || me.isPending) return <Spinner />;
  if (me.isError)
    return (
      <div className="admin-app">
        {header}
        <div className="empty">{me.error.message}</div>
      </div>
    );

  return (
    <div className="admin-app">
      {header}
      <div className="admin-body">
        <nav className="admin-nav">
          {NAV.map(([to, key]) => (
            <NavLink key={to} to={to} end data-testid={`admin-nav-${key}`}>
              {t(`nav.${key}`)}
            </NavLink>
          ))}
        </nav>
        <main className="admin-main">
          <Outlet context={me.data} />
        </main>
      </div>
    </div>
  );
}
