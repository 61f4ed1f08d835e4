import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFixed } from '../../lib/format';
import { useAcceptors } from './api';
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
            <Link to="/chargeRecord?current=0" className="btn btn-sm btn-ghost">
              {t('list.depositRecords')}
            </Link>
            <Link to="/chargeRecord?current=1" className="btn btn-sm btn-ghost">
              {t('list.withdrawRecords')}
            </Link>
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
            <table className="table acc-table">
              <thead>
                <tr>
                  <th>{t('list.col.name')}</th>
                  <th className="right">{t('list.col.depositQuota')}</th>
                  <th className="right">{t('list.col.depositRate')}</th>
                  <th className="right">{t('list.col.withdrawQuota')}</th>
                  <th className="right">{t('list.col.withdrawRate')}</th>
                  <th className="right">{t('list.col.action')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((acceptor) => (
                  <tr key={acceptor.id} data-testid="acceptor-row" data-id={acceptor.id}>
                    <td className="acc-name">{acceptor.name}</td>
                    <td className="right num">{formatFixed(acceptor.recharge_amount, 2)} CNY</td>
                    <td className="right num">{formatFixed(acceptor.recharge_rate, 4)}</td>
                    <td className="right num">{formatFixed(acceptor.cash_amount, 2)} CNY</td>
                    <td className="right num">{formatFixed(acceptor.cash_rate, 4)}</td>
                    <td className="right acc-actions">
                      <Link
                        to={`/rechargeMoney?id=${acceptor.id}&current=0`}
                        className="btn btn-sm btn-buy"
                        data-testid="acceptor-deposit"
                      >
                        {t('list.deposit')}
                      </Link>
                      <Link
                        to={`/rechargeMoney?id=${acceptor.id}&current=1`}
                        className="btn btn-sm btn-sell"
                        data-testid="acceptor-withdraw"
                      >
                        {t('list.withdraw')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ListState
              pending={acceptors.isPending}
              error={acceptors.isError}
              empty={rows.length === 0}
              onRetry={() => void acceptors.refetch()}
              emptyText={t('list.empty')}
            />
          </>
        )}
      </section>
    </AcceptorFrame>
  );
}
