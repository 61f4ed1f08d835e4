import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PathIcon } from './icons';
import './account-frame.css';

/** The views of the account area; the team views belong to features/team, the others to features/account. */
export type AccountSection = 'settings' | 'identity' | 'bank' | 'tree' | 'profit';

interface MenuItem {
  key: AccountSection | 'log' | 'region';
  to: string;
  label: string;
  icon: ReactNode;
}

const icon = (path: string) => <PathIcon d={path} />;

/**
 * The account area's left menu (document 1, section 2.9; the team tree and profit pages of document 3) beside
 * the nested view. Shared by the features whose pages live under it.
 */
export function AccountFrame({ active, children }: { active: AccountSection; children: ReactNode }) {
  const { t } = useTranslation();
  const items: MenuItem[] = [
    {
      key: 'settings',
      to: '/userSetting',
      label: t('menu.accountSettings'),
      icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0'),
    },
    {
      key: 'log',
      to: '/dealFinance?tab=log',
      label: t('menu.tradeLog'),
      icon: icon('M5 4h14v16H5zM9 8h6M9 12h6M9 16h4'),
    },
    {
      key: 'identity',
      to: '/authentication',
      label: t('menu.identity'),
      icon: icon(
        'M3 6h18v12H3zM8 10.5a1.5 1.5 0 1 0 0-.01M6 15c.6-1.2 1.4-1.8 2-1.8s1.4.6 2 1.8M14 10h4M14 13h3',
      ),
    },
    {
      key: 'bank',
      to: '/userSetting?tab=bank',
      label: t('menu.receiveSettings'),
      icon: icon('M3 10h18M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18M12 3l9 5H3z'),
    },
    {
      key: 'tree',
      to: '/account/tree',
      label: t('menu.team'),
      icon: icon(
        'M12 4a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM12 9v3M6 12h12M6 12v3M18 12v3M6 15a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM18 15a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z',
      ),
    },
    {
      key: 'profit',
      to: '/account/profit',
      label: t('menu.profit'),
      icon: icon('M4 19h16M6 16l4-5 3 3 5-7M15 7h3v3'),
    },
    {
      key: 'region',
      to: '/region',
      label: t('menu.region'),
      icon: icon(
        'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11ZM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
      ),
    },
  ];
  return (
    <div className="container account-area">
      <nav className="account-menu panel" aria-label={t('menu.accountSettings')}>
        {items.map((item) => (
          <NavLink
            key={item.key}
            to={item.to}
            className={() => `account-menu-item${item.key === active ? ' active' : ''}`}
            data-testid={`account-menu-${item.key}`}
          >
            {item.icon}
            <span>{item.label}</span>
          </NavLink>
        ))}
      </nav>
      <div className="account-content">{children}</div>
    </div>
  );
}
