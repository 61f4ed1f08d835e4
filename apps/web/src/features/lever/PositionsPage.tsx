import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuotations } from '../../api/markets';
import { direction, formatFixed, toDecimal } from '../../lib/format';
import { readStored, STORAGE_KEYS } from '../../lib/storage';
import { useLeverPositions, useLeverPushes } from './api';
import { BatchCloseModal } from './BatchCloseModal';
import { chooseLeverPair, hazardTone, leverGroups, LEVER_AMOUNT_DECIMALS } from './lever-math';
import { LeverListPage } from './LeverNav';
import { RISK_COLUMNS } from './position-columns';
import { PagedPositions } from './PositionTable';
import './lever.css';

/**
 * Positions of one pair with the risk rate and total profit of its quote currency, stops and batch close
 * (/leverTransactions?legalId&currencyId, document 3, section 2); live through `lever_trade`, polled every 3 s.
 */
export default function PositionsPage() {
  const { t } = useTranslation('lever');
  const groups = leverGroups(useQuotations().data);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [batch, setBatch] = useState(false);
  const { pair } = chooseLeverPair(
    groups,
    { legal: params.get('legalId'), currency: params.get('currencyId') },
    { legal: readStored(STORAGE_KEYS.legalId), currency: readStored(STORAGE_KEYS.currencyId) },
  );
  const legalId = pair?.legal_id;
  const positions = useLeverPositions(legalId, pair?.currency_id, page);
  useLeverPushes();
  const data = positions.data;
  const profit = direction(data?.profits_total);
  const legalName = pair?.legal_name ?? '';
  const pairs = groups.flatMap((group) => group.quotation);

  return (
    <LeverListPage
      screen="positions"
      chooser={{
        value: pair?.match_id ?? '',
        options: pairs.map((item) => ({ value: item.match_id, label: item.symbol })),
        onChange: (value) => {
          const next = pairs.find((item) => item.match_id === Number(value));
          if (!next) return;
          setPage(1);
          setParams({ legalId: String(next.legal_id), currencyId: String(next.currency_id) });
        },
      }}
    >
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
          disabled={!data || !(toDecimal(data.caution_money_total)?.greaterThan(0) ?? false)}
          onClick={() => setBatch(true)}
          data-testid="batch-close"
        >
          {t('action.batchClose')}
        </button>
      </section>
      <section className="panel">
        <PagedPositions
          query={positions}
          data={positions.data?.order}
          page={page}
          onPage={setPage}
          columns={RISK_COLUMNS}
          actions={['setStop', 'close']}
          empty={t('positions.empty')}
          lotSizeOf={() => pair?.lever_share_num}
          testId="lever-positions-table"
        />
      </section>
      {batch && <BatchCloseModal legalId={legalId} onClose={() => setBatch(false)} />}
    </LeverListPage>
  );
}
