import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamNode, TeamPerformance } from '@exchange/contracts';
import { useUserInfo } from '../../api/user';
import { AccountFrame } from '../../components/AccountFrame';
import { CopyValue, inviteLink } from '../../components/CopyValue';
import { LoadMore } from '../../components/LoadMore';
import { ListState } from '../../components/ListState';
import { formatTime } from '../../lib/time';
import { useTeamLevel } from './api';
import './team.css';

/** Team performance as read: each currency's fees ("12.5 USDT · 3 HAP"), or 0 before any fee. */
export function formatPerformance(performance: TeamPerformance[]): string {
  return performance.length === 0
    ? '0'
    : performance.map((row) => `${row.fees} ${row.currency_name}`).join(' · ');
}

/**
 * The team tree (document 3, "Team tree"): the caller's team counters and invite code, then their direct
 * referrals; each referral with a team of its own opens one level further on a click, loaded only then.
 */
export default function TreePage() {
  const { t } = useTranslation('team');
  const user = useUserInfo();
  const level = useTeamLevel();
  const summary = level.data?.pages[0]?.show_message;
  const code = user.data?.extension_code ?? '';

  return (
    <AccountFrame active="tree">
      <div className="team-stack">
        <section className="panel" data-testid="team-summary">
          <header className="panel-header">{t('title')}</header>
          <div className="panel-body team-summary">
            <p className="muted team-intro">{t('intro')}</p>
            <div className="team-figures">
              <Figure label={t('members')} value={summary?.team_number} testId="team-members" />
              <Figure label={t('direct')} value={summary?.direct_number} testId="team-direct" />
              <Figure label={t('verified')} value={summary?.real_teamnumber} testId="team-verified" />
              <Figure label={t('today')} value={summary?.today_real_teamnumber} testId="team-today" />
              <Figure
                label={t('performance')}
                value={summary ? formatPerformance(summary.performance) : undefined}
                testId="team-performance"
                wide
              />
            </div>
            <div className="team-invite">
              <div className="team-invite-item">
                <span className="field-label">{t('inviteCode')}</span>
                <CopyValue value={code} testId="team-invite-code" />
              </div>
              <div className="team-invite-item">
                <span className="field-label">{t('inviteLink')}</span>
                <CopyValue value={code ? inviteLink(code) : ''} testId="team-invite-link" mono={false} />
              </div>
            </div>
          </div>
        </section>
        <section className="panel">
          <header className="panel-header">
            {t('direct')}
            {summary ? <span className="muted num team-count">{summary.direct_number}</span> : null}
          </header>
          <div className="panel-body">
            <TeamLevelList level={level} root />
          </div>
        </section>
      </div>
    </AccountFrame>
  );
}

function Figure(props: {
  label: string;
  value: number | string | undefined;
  testId: string;
  wide?: boolean;
}) {
  return (
    <div className={`team-figure${props.wide ? ' wide' : ''}`}>
      <span className="muted">{props.label}</span>
      <strong className="num" data-testid={props.testId}>
        {props.value ?? '--'}
      </strong>
    </div>
  );
}

/** The referrals of one node: loading, the error with a retry, the empty text (the caller's own level only). */
function TeamLevelList({ level, root = false }: { level: ReturnType<typeof useTeamLevel>; root?: boolean }) {
  const { t } = useTranslation('team');
  const nodes = level.data?.pages.flatMap((page) => page.results) ?? [];
  if (nodes.length === 0)
    return root || level.isPending || level.isError ? (
      <ListState
        pending={level.isPending}
        error={level.isError}
        empty
        onRetry={() => void level.refetch()}
        emptyText={t('empty')}
        area="team"
        text={{ loadError: t('loadFailed') }}
      />
    ) : null;
  return (
    <>
      <ul className={`team-level${root ? ' root' : ''}`}>
        {nodes.map((node) => (
          <TeamNodeRow key={node.id} node={node} />
        ))}
      </ul>
      {level.hasNextPage ? (
        <LoadMore className="team-more" pages={level} label={t('more')} testId="team-more" />
      ) : null}
    </>
  );
}

/** One referral; its own referrals are asked for only when it is opened. */
function TeamNodeRow({ node }: { node: TeamNode }) {
  const { t } = useTranslation('team');
  const [open, setOpen] = useState(false);
  const hasChildren = node.has_children === 1;
  return (
    <li className="team-node" data-testid="team-node" data-id={node.id}>
      <div className="team-node-row">
        <button
          type="button"
          className={`team-toggle${open ? ' open' : ''}`}
          disabled={!hasChildren}
          aria-expanded={hasChildren ? open : undefined}
          aria-label={open ? t('collapse') : t('expand')}
          title={hasChildren ? (open ? t('collapse') : t('expand')) : undefined}
          onClick={() => setOpen((value) => !value)}
          data-testid="team-toggle"
        >
          {hasChildren ? '▸' : '•'}
        </button>
        <div className="team-node-main">
          <div className="team-node-name">
            <span data-testid="team-node-name">{node.name}</span>
            {node.is_verified === 1 ? <span className="team-badge">{t('verifiedBadge')}</span> : null}
          </div>
          <span className="muted team-node-stats">
            {t('nodeStats', { team: node.team_number, verified: node.real_teamnumber })} · {t('direct')}{' '}
            {node.direct_number}
          </span>
        </div>
        <div className="team-node-side">
          <span className="team-node-performance">
            <span className="muted">{t('nodePerformance')}</span>{' '}
            <span className="num" data-testid="team-node-performance">
              {formatPerformance(node.performance)}
            </span>
          </span>
          <span className="muted team-node-time">
            {t('joined', { time: formatTime(node.created_at, 'date') })}
          </span>
        </div>
      </div>
      {open ? <ChildLevel userId={node.id} /> : null}
    </li>
  );
}

function ChildLevel({ userId }: { userId: number }) {
  const level = useTeamLevel(userId);
  return (
    <div className="team-children">
      <TeamLevelList level={level} />
    </div>
  );
}
