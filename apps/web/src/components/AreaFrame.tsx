import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import './area.css';

export interface AreaTab<Key extends string> {
  key: Key;
  to: string;
  label: string;
}

interface Props<Key extends string> {
  /** Prefix of the tabs' test ids (`<prefix>-nav-<key>`). */
  area: string;
  title: ReactNode;
  /** Beside the title, at the right. */
  actions?: ReactNode;
  navLabel: string;
  tabs: AreaTab<Key>[];
  active: Key | null;
  /** A link to a neighbouring area, at the end of the tabs. */
  aside?: { to: string; label: string };
  children: ReactNode;
}

/** An area of several screens (P2P, acceptors ...): a title, the area's tabs and the screen. */
export function AreaFrame<Key extends string>(props: Props<Key>) {
  const { area, title, actions, navLabel, tabs, active, aside, children } = props;
  return (
    <div className="container area-page">
      <div className="area-head">
        <h1 className="area-title">{title}</h1>
        {actions}
      </div>
      <nav className="tabs area-nav" aria-label={navLabel}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            className={() => `tab${tab.key === active ? ' active' : ''}`}
            data-testid={`${area}-nav-${tab.key}`}
          >
            {tab.label}
          </NavLink>
        ))}
        {aside && (
          <NavLink to={aside.to} className="tab area-nav-aside" data-testid={`${area}-nav-aside`}>
            {aside.label}
          </NavLink>
        )}
      </nav>
      {children}
    </div>
  );
}
