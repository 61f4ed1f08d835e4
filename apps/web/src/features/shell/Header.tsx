import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { NEWS_CATEGORY, useNewsList } from '../../api/news';
import { logout, useUserInfo } from '../../api/user';
import { LocalTime } from '../../components/LocalTime';
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, isLocale } from '../../i18n/locales';
import { setLocale } from '../../i18n/set-locale';
import { useToken } from '../../lib/session';
import { readStored, STORAGE_KEYS } from '../../lib/storage';
import { toggleTheme, useTheme } from '../../lib/theme';
import { maskAccount, SUPPORT_EMAIL } from './account';
import { Dropdown } from './Dropdown';
import {
  BellIcon,
  CardIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  IdIcon,
  ListIcon,
  LogoMark,
  LogoutIcon,
  MenuIcon,
  MoonIcon,
  SettingsIcon,
  StoreIcon,
  SunIcon,
  UserIcon,
  WalletIcon,
} from '../../components/icons';
import './shell.css';

const HEADER_NOTICES = 5;

const navClass = ({ isActive }: { isActive: boolean }) => `hdr-link${isActive ? ' active' : ''}`;

/** The sticky top bar on every screen (document 1, section 2.2). */
/** The exchange's areas, in the header's bar and in its menu on narrow screens. */
const MAIN_NAV: { to: string; label: string; testId?: string }[] = [
  { to: '/', label: 'common:nav.home' },
  { to: '/allmarket', label: 'common:nav.markets' },
  { to: '/dealCenter', label: 'common:nav.exchange' },
  { to: '/c2c', label: 'common:nav.c2c', testId: 'nav-c2c' },
  { to: '/leverdealCenter', label: 'common:nav.lever', testId: 'nav-lever' },
  { to: '/secondsOrder', label: 'common:nav.seconds', testId: 'nav-seconds' },
  { to: '/noticeList', label: 'common:nav.notices' },
];

export function Header() {
  const { t } = useTranslation('shell');
  const token = useToken();
  const signedIn = token !== null;
  const user = useUserInfo().data;

  return (
    <header className="hdr">
      <div className="hdr-inner">
        <Link to="/" className="hdr-logo" aria-label={t('common:nav.home')}>
          <LogoMark />
          <span>{t('common:appName')}</span>
        </Link>
        <div className="hdr-burger">
          <Dropdown
            triggerLabel={t('header.mainNav')}
            align="left"
            menuClassName="hdr-burger-menu"
            trigger={<MenuIcon />}
          >
            {MAIN_NAV.map((item) => (
              <Link key={item.to} role="menuitem" className="dropdown-item" to={item.to}>
                {t(item.label)}
              </Link>
            ))}
            {signedIn && (
              <Link role="menuitem" className="dropdown-item" to="/dealFinance">
                {t('common:nav.assets')}
              </Link>
            )}
            {signedIn && user?.is_seller === 1 && (
              <Link role="menuitem" className="dropdown-item" to="/myLegalShops">
                {t('common:nav.shop')}
              </Link>
            )}
          </Dropdown>
        </div>
        <nav className="hdr-nav" aria-label={t('header.mainNav')}>
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              className={navClass}
              data-testid={item.testId}
            >
              {t(item.label)}
            </NavLink>
          ))}
          {signedIn && user?.is_seller === 1 && (
            <NavLink to="/myLegalShops" className={navClass} data-testid="seller-link">
              <StoreIcon size={15} />
              {t('common:nav.shop')}
            </NavLink>
          )}
        </nav>
        <div className="hdr-actions">
          {signedIn ? (
            <>
              <NavLink to="/dealFinance" className={navClass} data-testid="nav-assets">
                <WalletIcon size={15} />
                {t('common:nav.assets')}
              </NavLink>
              <AccountMenu />
            </>
          ) : (
            <>
              <Link to="/components/login" className="hdr-link" data-testid="nav-login">
                {t('common:nav.login')}
              </Link>
              <Link
                to="/components/register"
                className="btn btn-primary btn-sm hdr-cta"
                data-testid="nav-register"
              >
                {t('common:nav.register')}
              </Link>
            </>
          )}
          <span className="hdr-divider" aria-hidden="true" />
          <NoticeMenu />
          <a
            className="hdr-btn"
            href={`mailto:${SUPPORT_EMAIL}`}
            title={t('header.customerService')}
            aria-label={t('header.customerService')}
          >
            <HeadsetIcon />
          </a>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}

/** The account's pages, in the account menu; the points exchange is for users who are not plain traders. */
const ACCOUNT_MENU: {
  to: string;
  label: string;
  Icon: typeof SettingsIcon;
  testId?: string;
  forPartners?: boolean;
}[] = [
  { to: '/userSetting', label: 'common:menu.accountSettings', Icon: SettingsIcon },
  { to: '/dealFinance?tab=log', label: 'common:menu.tradeLog', Icon: ListIcon },
  { to: '/userSetting?tab=bank', label: 'common:menu.receiveSettings', Icon: CardIcon },
  { to: '/authentication', label: 'common:menu.identity', Icon: IdIcon },
  { to: '/integralExchanges', label: 'common:menu.pointsExchange', Icon: GiftIcon, forPartners: true },
  { to: '/manage', label: 'common:menu.savings', Icon: ListIcon, testId: 'menu-savings' },
];

function AccountMenu() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const user = useUserInfo().data;
  const account = user?.account || maskAccount(readStored(STORAGE_KEYS.accountNum));
  const review = user?.review_status;

  const signOut = async () => {
    await logout();
    await navigate('/components/login');
  };

  return (
    <Dropdown
      triggerTestId="account-menu"
      triggerLabel={account}
      triggerClassName="hdr-btn hdr-account"
      menuClassName="hdr-account-menu"
      trigger={
        <>
          <span className="hdr-avatar">
            <UserIcon size={15} />
          </span>
          <span className="hdr-account-name">{account}</span>
          <ChevronDownIcon />
        </>
      }
    >
      <div className="hdr-account-head">
        <div className="hdr-account-title">{account}</div>
        <div className="hdr-account-meta">
          {user && <span className="muted num">{t('header.uid', { id: user.id })}</span>}
          {review !== undefined && (
            <span className={`badge ${review === 2 ? 'badge-up' : ''}`}>
              {t(review === 2 ? 'header.verified' : review === 1 ? 'header.reviewing' : 'header.unverified')}
            </span>
          )}
        </div>
      </div>
      {ACCOUNT_MENU.filter((item) => !item.forPartners || (user && user.type !== 0)).map((item) => (
        <Link key={item.to} role="menuitem" className="dropdown-item" to={item.to} data-testid={item.testId}>
          <item.Icon size={16} />
          {t(item.label)}
        </Link>
      ))}
      <a role="menuitem" className="dropdown-item" href={`mailto:${SUPPORT_EMAIL}`}>
        <HeadsetIcon size={16} />
        {t('header.customerService')}
      </a>
      <div className="hdr-menu-sep" />
      <button
        role="menuitem"
        type="button"
        className="dropdown-item"
        data-testid="logout"
        onClick={() => void signOut()}
      >
        <LogoutIcon size={16} />
        {t('common:nav.logout')}
      </button>
    </Dropdown>
  );
}

function NoticeMenu() {
  const { t } = useTranslation('shell');
  const notices = useNewsList(NEWS_CATEGORY.headerNotices, 1, HEADER_NOTICES);
  const list = notices.data?.list.slice(0, HEADER_NOTICES) ?? [];
  return (
    <Dropdown
      triggerTestId="notice-menu"
      triggerLabel={t('header.notices')}
      menuClassName="hdr-notice-menu"
      trigger={<BellIcon />}
    >
      <div className="hdr-menu-title">{t('header.latestNotices')}</div>
      {notices.isPending ? (
        <div className="hdr-menu-state">
          <div className="spinner" />
        </div>
      ) : list.length === 0 ? (
        <div className="hdr-menu-state muted">
          {notices.isError ? t('common:networkError') : t('header.noNotices')}
        </div>
      ) : (
        list.map((item) => (
          <Link
            role="menuitem"
            key={item.id}
            className="dropdown-item hdr-notice"
            to={`/noticeDetail?id=${item.id}`}
          >
            <span className="hdr-notice-title">{item.title}</span>
            <LocalTime className="hdr-notice-time num" value={item.update_time} style="minute" />
          </Link>
        ))
      )}
      <div className="hdr-menu-sep" />
      <Link role="menuitem" className="dropdown-item hdr-view-all" to="/noticeList">
        {t('common:action.viewAll')}
        <ChevronRightIcon size={14} />
      </Link>
    </Dropdown>
  );
}

function LanguageMenu() {
  const { t, i18n } = useTranslation('shell');
  const current = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <Dropdown
      triggerTestId="language-menu"
      triggerLabel={t('common:language')}
      menuClassName="hdr-lang-menu"
      trigger={<GlobeIcon />}
    >
      <div className="hdr-menu-title">{t('common:language')}</div>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          role="menuitemradio"
          aria-checked={locale === current}
          className={`dropdown-item${locale === current ? ' selected' : ''}`}
          data-testid={`lang-${locale}`}
          lang={LOCALE_TAGS[locale]}
          onClick={() => void setLocale(locale)}
        >
          <span className="hdr-lang-name">{LOCALE_NAMES[locale]}</span>
          {locale === current && <CheckIcon />}
        </button>
      ))}
    </Dropdown>
  );
}

function ThemeToggle() {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const label = t(theme === 'dark' ? 'header.toLight' : 'header.toDark');
  return (
    <button
      type="button"
      className="hdr-btn"
      data-testid="theme-toggle"
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
