import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/leverTransactions', key: 'panel.risk' },
  { to: '/allTransaction', key: 'panel.all' },
  { to: '/leverList', key: 'panel.orders' },
  { to: '/leverRecord', key: 'panel.record' },
  { to: '/transferLever', key: 'form.transfer' },
] as const;

/** Links between the lever screens. */
export function LeverNav() {
  const { t } = useTranslation('lever');
  return (
    <nav className="lv-nav" aria-label={t('page.title')}>
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) => `lv-nav-link${isActive ? ' active' : ''}`}
        >
          {t(link.key)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The header of the lever list screens: a title, the links, and what the screen adds on the right. */
export function LeverPageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation('lever');
  return (
    <header className="lv-page-header">
      <h1>{title}</h1>
      <NavLink to="/leverdealCenter" className="lv-nav-link">
        {t('page.title')}
      </NavLink>
      <LeverNav />
      {children}
    </header>
  );
}
