import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import { roleAtLeast, useAdminAction, useUserDetail, type Me, type UserDetail } from './api';
import { ApproveSellerForm } from './ApproveSellerForm';
import { DataTable } from '../../components/DataTable';
import { ZonedHeader } from '../../components/LocalTime';
import { CodeAndReason, TextField, useProof } from './forms';
import { PagedList, usePaging } from './list';
import { formatTime } from '../../lib/time';
import { IdentityState, QueryView, ReadOnlyNote, Section } from './parts';
import { RECORDS_PAGE_SIZE, useUserRecords, type RecordKind, type RecordRows } from './users-api';
import './admin-users.css';

const ACCOUNTS = ['change', 'legal', 'lever', 'micro'] as const;
const KINDS: RecordKind[] = ['logs', 'spot', 'lever', 'micro'];
/** A seconds order's status (1 running, 2 settling, 3 settled) as the trader's order list names it. */
const MICRO_STATES: Record<number, string> = { 1: 'running', 2: 'settling', 3: 'finished' };
/** Amounts and codes line up in the number font; names, symbols and `--` stay in the text font. */
const numeric = (cell: ReactNode) =>
  typeof cell === 'number' || (typeof cell === 'string' && /^-?\d/.test(cell));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <span className="secondary">{label}</span>
      <span>{children}</span>
    </div>
  );
}

function Summary({ user }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  const agent = user.agent ? `${user.agent.city_name} ${user.agent.district_name}`.trim() : t('person.none');
  return (
    <div className="admin-facts" data-testid="admin-user-detail">
      <Fact label={t('account')}>
        #{user.id} {user.account}
      </Fact>
      <Fact label={t('status')}>
        <span
          className={`admin-badge ${user.frozen_funds === 1 ? 'admin-badge-bad' : 'admin-badge-ok'}`}
          data-testid="admin-user-frozen"
        >
          {user.frozen_funds === 1 ? t('person.frozen') : t('person.active')}
        </span>
      </Fact>
      <Fact label={t('users.kyc')}>
        <IdentityState status={user.review_status} />
      </Fact>
      <Fact label={t('users.parent')}>{user.parent || '--'}</Fact>
      <Fact label={t('person.tradePassword')}>
        {user.trade_password_set ? t('person.set') : t('person.notSet')}
      </Fact>
      <Fact label={t('person.agent')}>{agent}</Fact>
      <Fact label={t('person.shops')}>
        <span data-testid="admin-user-shops">
          {user.shops.length === 0
            ? t('person.none')
            : user.shops
                .map(
                  (shop) =>
                    `${shop.name} (${shop.currency}, ${shop.status === 1 ? t('sellers.statusOn') : t('sellers.statusOff')})`,
                )
                .join(', ')}
        </span>
      </Fact>
      <Fact label={t('person.acceptor')}>{user.acceptor ? `#${user.acceptor.id}` : t('person.none')}</Fact>
      <Fact label={t('dashboard.openOrders')}>{user.open_orders}</Fact>
      <Fact label={t('dashboard.openPositions')}>{user.open_positions}</Fact>
      <Fact label={t('person.openMicro')}>{user.open_micro}</Fact>
    </div>
  );
}

function Balances({ user }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  if (user.balances.length === 0) return <div className="empty">{t('empty')}</div>;
  return (
    <DataTable
      testId="admin-user-balances"
      rows={user.balances}
      rowKey={(row) => row.currency}
      columns={[
        { header: t('currency'), cell: (row) => row.currency },
        ...ACCOUNTS.map((account) => ({
          header: t(`users.${account}`),
          cell: (row: UserDetail['balances'][number]) => `${row[account]} / ${row[`lock_${account}`]}`,
          className: 'num',
        })),
      ]}
    />
  );
}

/** Header and cells of one kind of record. */
function useColumns() {
  // The traders' own words for sides and states, so the console and the trader's screens say the same thing.
  const { t } = useTranslation(['admin', 'exchange', 'lever', 'micro']);
  return {
    logs: {
      head: [t('time'), t('currency'), t('account'), t('users.delta'), t('users.after'), t('users.type')],
      cells: (row: RecordRows['logs']) => [
        formatTime(row.created_at),
        row.currency,
        row.is_lock ? `${row.account} (${t('person.locked')})` : row.account,
        row.delta,
        row.balance_after,
        row.info,
      ],
    },
    spot: {
      head: [
        t('time'),
        t('person.symbol'),
        t('person.side'),
        t('person.price'),
        t('amount'),
        t('person.filled'),
        t('person.state'),
      ],
      cells: (row: RecordRows['spot']) => [
        formatTime(row.created_at),
        row.symbol,
        t(row.side === 1 ? 'exchange:form.buy' : 'exchange:form.sell'),
        row.price || '--',
        row.amount,
        row.filled,
        t(`exchange:entrusts.state.${row.state}`, { defaultValue: row.state }),
      ],
    },
    lever: {
      head: [
        t('time'),
        t('person.symbol'),
        t('person.side'),
        t('status'),
        t('person.price'),
        t('person.margin'),
        t('person.profit'),
      ],
      cells: (row: RecordRows['lever']) => [
        formatTime(row.created_at),
        row.symbol,
        t(`lever:side.${row.type}`),
        t(`lever:status.${row.status}`),
        row.price,
        row.caution_money,
        row.fact_profits,
      ],
    },
    micro: {
      head: [
        t('time'),
        t('person.symbol'),
        t('person.side'),
        t('person.seconds'),
        t('amount'),
        t('status'),
        t('person.profit'),
      ],
      cells: (row: RecordRows['micro']) => [
        formatTime(row.created_at),
        row.symbol,
        t(row.type === 1 ? 'micro:panel.up' : 'micro:panel.down'),
        row.seconds,
        row.number,
        t(`micro:orders.${MICRO_STATES[row.status] ?? 'finished'}`),
        row.fact_profits,
      ],
    },
  };
}

function Records({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const paging = usePaging<RecordKind>('logs');
  const { head, cells } = useColumns()[paging.filter] as {
    head: string[];
    cells: (row: RecordRows[RecordKind]) => ReactNode[];
  };
  return (
    <PagedList
      paging={paging}
      filters={{
        items: KINDS,
        label: (name) => t(`person.kinds.${name}`),
        testId: (name) => `admin-records-${name}`,
      }}
      query={useUserRecords(id, paging.filter, paging.page)}
      pageSize={RECORDS_PAGE_SIZE}
      testId="admin-records"
      columns={head.map((header, index) => ({
        header: index === 0 ? <ZonedHeader label={header} /> : header,
        className: index === 0 ? 'secondary' : undefined,
        cell: (row: RecordRows[RecordKind]) => {
          const cell = cells(row)[index];
          return index > 0 && numeric(cell) ? <span className="num">{cell}</span> : cell;
        },
      }))}
    />
  );
}

type SentCode = { channel: string; to: string; scene: string; code: string; created_at: string };

/**
 * The codes last sent to this user, for support helping someone whose message did not arrive: asked for with
 * a reason, and each look is written to the trail.
 */
function RecentCodes({ user, reason }: { user: UserDetail; reason: string }) {
  const { t } = useTranslation('admin');
  const look = useAdminAction('users/codes');
  const codes = look.data as SentCode[] | undefined;
  return (
    <div className="admin-card admin-card-wide" data-testid="admin-codes-card">
      <h4>{t('person.codesTitle')}</h4>
      <p className="secondary">{t('person.codesHint')}</p>
      <button
        type="button"
        className="btn btn-ghost"
        data-testid="admin-codes-show"
        disabled={look.isPending}
        onClick={() => look.mutate({ id: user.id, reason })}
      >
        {t('person.codesShow')}
      </button>
      {codes &&
        (codes.length === 0 ? (
          <div className="empty" data-testid="admin-codes-empty">
            {t('person.codesNone')}
          </div>
        ) : (
          <DataTable
            testId="admin-codes"
            rows={codes}
            rowKey={(row) => `${row.created_at}-${row.code}`}
            columns={[
              {
                header: <ZonedHeader label={t('time')} />,
                cell: (row) => formatTime(row.created_at),
                className: 'secondary',
              },
              { header: t('person.codesTo'), cell: (row) => row.to },
              {
                header: t('person.codesScene'),
                cell: (row) => t(`person.scenes.${row.scene}`, { defaultValue: row.scene }),
              },
              { header: t('person.codesCode'), cell: (row) => row.code, className: 'num' },
            ]}
          />
        ))}
    </div>
  );
}

function Actions({ user, me }: { user: UserDetail; me: Me }) {
  const { t } = useTranslation('admin');
  const proof = useProof();
  const { code, reason } = proof;
  const [city, setCity] = useState('');
  const [district, setDistrict] = useState('');
  const freeze = useAdminAction('users/freeze');
  const agent = useAdminAction('users/agent');
  const reset = useAdminAction('users/reset-trade-password');
  const finance = roleAtLeast(me.role, 'finance');
  if (!roleAtLeast(me.role, 'support')) return <ReadOnlyNote />;
  const frozen = user.frozen_funds === 1;
  return (
    <>
      <CodeAndReason codeLabel={t('person.codeLabel')} proof={proof} />
      <div className="admin-grid">
        <div className="admin-card" data-testid="admin-freeze-card">
          <h4>{t('person.freezeTitle')}</h4>
          <p className="secondary">{t('person.freezeHint')}</p>
          {finance ? (
            <button
              type="button"
              className={`btn ${frozen ? 'btn-buy' : 'btn-sell'}`}
              data-testid={frozen ? 'admin-unfreeze' : 'admin-freeze'}
              disabled={freeze.isPending}
              onClick={() => freeze.mutate({ id: user.id, frozen: frozen ? 0 : 1, reason, totp_code: code })}
            >
              {frozen ? t('person.unfreeze') : t('person.freeze')}
            </button>
          ) : (
            <p className="secondary">{t('person.finance')}</p>
          )}
        </div>
        <div className="admin-card">
          <h4>{t('person.rolesTitle')}</h4>
          <ApproveSellerForm userId={user.id} reason={reason} className="admin-form" />
          <div className="admin-form">
            <TextField label={t('person.city')} testId="admin-agent-city" value={city} onChange={setCity} />
            <TextField
              label={t('person.district')}
              testId="admin-agent-district"
              value={district}
              onChange={setDistrict}
            />
            <div className="admin-actions">
              <button
                type="button"
                className="btn btn-primary"
                data-testid="admin-make-agent"
                disabled={agent.isPending}
                onClick={() => agent.mutate({ id: user.id, on: 1, city, district, reason })}
              >
                {t('person.makeAgent')}
              </button>
              {user.agent && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  data-testid="admin-end-agent"
                  disabled={agent.isPending}
                  onClick={() => agent.mutate({ id: user.id, on: 0, reason })}
                >
                  {t('person.endAgent')}
                </button>
              )}
            </div>
          </div>
        </div>
        <div className="admin-card">
          <h4>{t('person.resetTitle')}</h4>
          <p className="secondary">{t('person.resetHint')}</p>
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="admin-reset-trade-password"
            disabled={reset.isPending || !user.trade_password_set}
            onClick={() => reset.mutate({ id: user.id, reason, totp_code: code })}
          >
            {t('person.reset')}
          </button>
        </div>
        <RecentCodes user={user} reason={reason} />
      </div>
    </>
  );
}

/** One user: who they are, what they hold, what they did, and what an operator may change about them. */
export default function UserDetailPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const params = useParams();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const detail = useUserDetail(id);
  return (
    <>
      <div className="admin-section">
        <Link to="/admin/users" className="btn btn-sm btn-ghost" data-testid="admin-user-back">
          ← {t('person.back')}
        </Link>
      </div>
      <QueryView query={detail}>
        {(user) => (
          <>
            <Section title={`#${user.id} ${user.account}`}>
              <Summary user={user} />
            </Section>
            <Section title={t('person.actions')} testId="admin-user-actions">
              <Actions user={user} me={me} />
            </Section>
            <Section title={t('users.balances')}>
              <Balances user={user} />
            </Section>
            <Section title={t('person.records')}>
              <Records id={user.id} />
            </Section>
          </>
        )}
      </QueryView>
    </>
  );
}
