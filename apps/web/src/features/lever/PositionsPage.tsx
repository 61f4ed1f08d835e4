import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotations } from '../../api/markets';
import { Spinner } from '../../components/States';
import { direction, formatFixed } from '../../lib/format';
import { useLeverPositions, useLeverPushes } from './api';
import { BatchCloseModal } from './BatchCloseModal';
import { hazardTone, leverGroups, LEVER_AMOUNT_DECIMALS } from './lever-math';
import { LeverPageHeader } from './LeverNav';
import { Pager } from './Pager';
import { PositionTable } from './PositionTable';
import './i18n';
import './lever.css';

/**
 * Positions with the risk rate, total profit, stops and batch close (/leverTransactions, document 3,
 * section 2), one quote currency at a time; live through `lever_trade`, polled every 3 s.
 */
export default function PositionsPage() {
  const { t } = useTranslation('lever');
  const groups = leverGroups(useQuotations().data);
  const [legal, setLegal] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [batch, setBatch] = useState(false);
  const legalId = legal ?? groups[0]?.id;
  const positions = useLeverPositions(legalId, undefined, page);
  useLeverPushes();
  const lotSizes = new Map(
    groups.flatMap((group) => group.quotation.map((pair) => [pair.symbol, pair.lever_share_num])),
  );
  const data = positions.data;
  const profit = direction(data?.profits_total);
  const legalName = groups.find((group) => group.id === legalId)?.name ?? '';

  return (
    <div className="container lv-list-page" data-testid="lever-transactions-page">
      <LeverPageHeader title={t('positions.title')} />
      {groups.length > 1 && (
        <div className="pill-tabs">
          {groups.map((group) => (
            <button
              key={group.id}
              type="button"
              className={`pill-tab${group.id === legalId ? ' active' : ''}`}
              onClick={() => {
                setLegal(group.id);
                setPage(1);
              }}
            >
              {group.name}
            </button>
          ))}
        </div>
      )}
      <section className="panel lv-summary" data-testid="lever-summary">
        <dl>
          <div>
            <dt>{t('summary.hazardRate')}</dt>
            <dd className={`num lv-hazard ${hazardTone(data?.hazard_rate)}`} data-testid="lever-hazard-rate">
              {data ? `${formatFixed(data.hazard_rate, 2)}%` : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('summary.profitsTotal')}</dt>
            <dd
              className={`num${profit > 0 ? ' up' : profit < 0 ? ' down' : ''}`}
              data-testid="lever-profits-total"
            >
              {formatFixed(data?.profits_total, LEVER_AMOUNT_DECIMALS)} {legalName}
            </dd>
          </div>
          <div>
            <dt>{t('summary.balance')}</dt>
            <dd className="num" data-testid="lever-balance">
              {formatFixed(data?.balance, LEVER_AMOUNT_DECIMALS)} {legalName}
            </dd>
          </div>
          <div>
            <dt>{t('summary.margin')}</dt>
            <dd className="num">
              {formatFixed(data?.caution_money_total, LEVER_AMOUNT_DECIMALS)} {legalName}
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="btn btn-sell"
          disabled={!data || data.order.data.length === 0}
          onClick={() => setBatch(true)}
          data-testid="batch-close"
        >
          {t('action.batchClose')}
        </button>
      </section>
      <section className="panel">
        {positions.isPending ? (
          <Spinner />
        ) : positions.isError ? (
          <div className="empty">{positions.error.message || t('page.loadError')}</div>
        ) : (
          <>
            <PositionTable
              orders={positions.data.order.data}
              columns={[
                'pair',
                'side',
                'hands',
                'multiple',
                'openPrice',
                'markPrice',
                'margin',
                'overnight',
                'profit',
                'takeProfit',
                'stopLoss',
                'time',
              ]}
              actions={['setStop', 'close']}
              empty={t('positions.empty')}
              lotSizeOf={(order) => lotSizes.get(order.symbol)}
              testId="lever-positions-table"
            />
            <Pager page={page} last={positions.data.order.last_page} onPage={setPage} />
          </>
        )}
      </section>
      {batch && <BatchCloseModal legalId={legalId} onClose={() => setBatch(false)} />}
    </div>
  );
}
