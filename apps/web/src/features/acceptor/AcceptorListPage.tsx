import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatFixed } from '../../lib/format';
import { DataTable, type Column } from '../../components/DataTable';
import { queryListState } from '../../components/queryListState';
import { figureColumn } from '../../components/tableColumns';
import { useAcceptors, type Acceptor } from './api';
import { AcceptorFrame, ListState } from './AcceptorFrame';
import { Tabs } from '../../components/Tabs';

type Tab = 'cny' | 'crypto';

/**
 * The acceptor list (/aceite): CNY acceptors with their quotas and rates, deposit and withdraw per row; the
 * virtual-currency tab points to the chain deposit and withdrawal of the assets screen.
 */
export default function AcceptorListPage() {
  const { t } = useTranslation('acceptor');
  const [tab, setTab] = useState<Tab>('cny');
  const acceptors = useAcceptors();
  const rows = acceptors.data ?? [];
  return (
    <AcceptorFrame active="list" title={t('list.title')}>
      <section className="panel" data-testid="acceptor-list">
        <div className="area-toolbar">
          <Tabs
            className="pill-tabs"
            tabClassName="pill-tab"
            items={['cny', 'crypto'] as const}
            value={tab}
            onChange={setTab}
            label={(item) => t(`list.tab.${item}`)}
            testId={(item) => `acc-tab-${item}`}
          />
          <span className="acc-links">
            {(['deposit', 'withdraw'] as const).map((direction, current) => (
              <Link key={direction} to={`/chargeRecord?current=${current}`} className="btn btn-sm btn-ghost">
                {t(`list.${direction}Records`)}
              </Link>
            ))}
          </span>
        </div>
        {tab === 'crypto' ? (
          <div className="empty acc-crypto">
            <p>{t('list.cryptoText')}</p>
            <Link to="/dealFinance" className="btn btn-primary btn-sm">
              {t('list.toAssets')}
            </Link>
          </div>
        ) : (
          <>
            <DataTable
              className="table acc-table"
              scroll
              columns={acceptorColumns(t)}
              rows={rows}
              rowKey={(acceptor) => acceptor.id}
              rowProps={(acceptor) => ({ 'data-testid': 'acceptor-row', 'data-id': acceptor.id })}
            />
            <ListState {...queryListState(acceptors, rows.length)} emptyText={t('list.empty')} />
          </>
        )}
      </section>
    </AcceptorFrame>
  );
}

/** An acceptor's quotas and rates in each direction, and the two ways into its deal form. */
function acceptorColumns(t: TFunction<'acceptor'>): Column<Acceptor>[] {
  return [
    { header: t('list.col.name'), cell: (acceptor) => acceptor.name, className: 'acc-name' },
    figureColumn(t('list.col.depositQuota'), (acceptor) => `${formatFixed(acceptor.recharge_amount, 2)} CNY`),
    figureColumn(t('list.col.depositRate'), (acceptor) => formatFixed(acceptor.recharge_rate, 4)),
    figureColumn(t('list.col.withdrawQuota'), (acceptor) => `${formatFixed(acceptor.cash_amount, 2)} CNY`),
    figureColumn(t('list.col.withdrawRate'), (acceptor) => formatFixed(acceptor.cash_rate, 4)),
    {
      header: t('list.col.action'),
      align: 'right',
      cell: (acceptor) => (
        <span className="acc-actions">
          {(['deposit', 'withdraw'] as const).map((action, current) => (
            <Link
              key={action}
              to={`/rechargeMoney?id=${acceptor.id}&current=${current}`}
              className={`btn btn-sm ${action === 'deposit' ? 'btn-buy' : 'btn-sell'}`}
              data-testid={`acceptor-${action}`}
            >
              {t(`list.${action}`)}
            </Link>
          ))}
        </span>
      ),
    },
  ];
}
