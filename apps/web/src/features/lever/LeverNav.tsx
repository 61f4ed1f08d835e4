import type { ReactNode } from 'react';
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

/**
 * The lever list screens: their title and test id, and where the header has a chooser (the pair, the coin),
 * its label and test id. Keys of the `lever` texts.
 */
const LIST_SCREENS = {
  all: { title: 'all.title', testId: 'all-transaction-page' },
  orders: { title: 'orders.title', testId: 'lever-list-page' },
  positions: {
    title: 'positions.title',
    testId: 'lever-transactions-page',
    chooser: { label: 'switcher.label', testId: 'lever-positions-pair' },
  },
  record: {
    title: 'record.title',
    testId: 'lever-record-page',
    chooser: { label: 'record.coin', testId: 'lever-record-coin' },
  },
} as const;

interface Chooser {
  value: string | number;
  options: { value: string | number; label: string }[];
  onChange: (value: string) => void;
}

/** A lever list screen: its header (a title, the links, the screen's chooser on the right), then its panels. */
export function LeverListPage({
  screen,
  chooser,
  children,
}: {
  screen: keyof typeof LIST_SCREENS;
  chooser?: Chooser;
  children: ReactNode;
}) {
  const { t } = useTranslation('lever');
  const texts: { title: string; testId: string; chooser?: { label: string; testId: string } } =
    LIST_SCREENS[screen];
  return (
    <div className="container lv-list-page" data-testid={texts.testId}>
      <header className="lv-page-header">
        <h1>{t(texts.title)}</h1>
        <NavLink to="/leverdealCenter" className="lv-nav-link">
          {t('page.title')}
        </NavLink>
        <LeverNav />
        {chooser && texts.chooser && (
          <select
            className="select lv-coin-select"
            aria-label={t(texts.chooser.label)}
            value={chooser.value}
            onChange={(event) => chooser.onChange(event.target.value)}
            data-testid={texts.chooser.testId}
          >
            {chooser.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </header>
      {children}
    </div>
  );
}
