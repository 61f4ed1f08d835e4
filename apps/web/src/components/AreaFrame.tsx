import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/** What an area declares to get its frame; its texts name the tabs' list `nav.label`. */
export interface AreaSpec<Key extends string> {
  area: string;
  /** The area's text namespace. */
  namespace: string;
  /** Every tab, its label a key of the area's texts. */
  tabs: { key: Key; to: string; labelKey: string }[];
  /** Subscribes what every screen of the area needs; gives the tabs this user may not see. */
  useHiddenTabs: () => Key[];
  /** The neighbouring area at the end of the tabs. */
  aside: { to: string; labelKey: string };
}

interface FrameProps<Key extends string> {
  active: Key | null;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame component of one area (P2P, acceptors): the area's tabs around each of its screens. */
export function areaFrame<Key extends string>(spec: AreaSpec<Key>) {
  return function Frame({ active, title, actions, children }: FrameProps<Key>) {
    const { t } = useTranslation(spec.namespace);
    const hidden = spec.useHiddenTabs();
    const tabs = spec.tabs
      .filter((tab) => !hidden.includes(tab.key))
      .map((tab) => ({ key: tab.key, to: tab.to, label: t(tab.labelKey) }));
    return (
      <AreaFrame
        area={spec.area}
        title={title}
        actions={actions}
        navLabel={t('nav.label')}
        tabs={tabs}
        active={active}
        aside={{ to: spec.aside.to, label: t(spec.aside.labelKey) }}
      >
        {children}
      </AreaFrame>
    );
  };
}
