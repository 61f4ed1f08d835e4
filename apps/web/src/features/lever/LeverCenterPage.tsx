import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMarket } from '../../api/market-data';
import { useQuotations, type Quotation, type QuotationGroup } from '../../api/markets';
import { ChartPanel } from '../../components/market/ChartPanel';
import { OrderBook } from '../../components/market/OrderBook';
import { PairGate } from '../../components/market/PairGate';
import { Spinner } from '../../components/States';
import { direction, formatChange, formatCny, formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { useLeverDeal, useLeverPushes } from './api';
import { chooseLeverPair, leverGroups, LEVER_PRICE_DECIMALS } from './lever-math';
import { LeverMarketSwitcher } from './LeverMarketSwitcher';
import { LeverNav } from './LeverNav';
import { LeverOrderForm, type LeverFormHandle } from './LeverOrderForm';
import { CENTER_COLUMNS } from './position-columns';
import { PositionTable } from './PositionTable';
import { LoadError } from './LoadError';
import './lever.css';

function remember(pair: Quotation): void {
  writeStored(STORAGE_KEYS.legalId, pair.legal_id);
  writeStored(STORAGE_KEYS.currencyId, pair.currency_id);
  writeStored(STORAGE_KEYS.symbol, pair.symbol);
}

/** The leveraged trading centre (/leverdealCenter?legalId&currencyId, document 3, section 2). */
export default function LeverCenterPage() {
  const { t } = useTranslation('lever');
  const quotations = useQuotations();
  const [params, setParams] = useSearchParams();
  const [stored] = useState(() => ({
    legal: readStored(STORAGE_KEYS.legalId),
    currency: readStored(STORAGE_KEYS.currencyId),
  }));
  const groups = leverGroups(quotations.data);
  const choice = chooseLeverPair(
    groups,
    { legal: params.get('legalId'), currency: params.get('currencyId') },
    stored,
  );

  // Section 5: a link to a pair that is not (or no longer) open for lever trading says so.
  const delisted = quotations.isSuccess && choice.delisted;
  useEffect(() => {
    if (delisted) toast(t('page.delisted'), 'error');
  }, [delisted, t]);

  if (quotations.isPending || !choice.pair) return <PairGate screen="lever" markets={quotations} />;
  return (
    <LeverCenter
      key={choice.pair.match_id}
      pair={choice.pair}
      groups={groups}
      onChoose={(next) => {
        remember(next);
        setParams({ legalId: String(next.legal_id), currencyId: String(next.currency_id) });
      }}
    />
  );
}

function LeverCenter({
  pair,
  groups,
  onChoose,
}: {
  pair: Quotation;
  groups: QuotationGroup[];
  onChoose: (pair: Quotation) => void;
}) {
  const { t } = useTranslation('lever');
  const signedIn = useToken() !== null;
  const market = useMarket(pair);
  const deal = useLeverDeal(pair);
  const form = useRef<LeverFormHandle>(null);
  useLeverPushes();
  useEffect(() => remember(pair), [pair]);

  const lastPrice = market.data?.lastPrice ?? pair.now_price;
  const tone = direction(pair.change);
  const positions = deal.data?.my_transaction ?? [];

  return (
    <div className="lv-page" data-testid="lever-page">
      <header className="lv-bar">
        <LeverMarketSwitcher groups={groups} current={pair} onChoose={onChoose} />
        <span
          className={`num lv-last ${tone > 0 ? 'up' : tone < 0 ? 'down' : ''}`}
          data-testid="lever-last-price"
        >
          {formatFixed(lastPrice, LEVER_PRICE_DECIMALS)}
        </span>
        <span className="num muted">≈ ¥{formatCny(lastPrice, pair.fiat_convert_cny)}</span>
        <span className={`num ${tone < 0 ? 'down' : 'up'}`}>{formatChange(pair.change)}</span>
        <LeverNav />
      </header>
      <div className="lv-grid">
        <section className="lv-main">
          <ChartPanel pair={pair} />
          <div className="ex-panel lv-positions" data-testid="lever-positions">
            <div className="ex-panel-title lv-panel-title">
              <span>{t('panel.title')}</span>
            </div>
            {!signedIn ? (
              <div className="ex-empty">{t('page.loginPrompt')}</div>
            ) : deal.isPending ? (
              <Spinner />
            ) : deal.isError ? (
              <LoadError error={deal.error} onRetry={() => void deal.refetch()} className="ex-empty" />
            ) : (
              <PositionTable
                orders={positions}
                columns={CENTER_COLUMNS}
                actions={['close', 'cancel']}
                empty={t('panel.empty')}
                testId="lever-panel-table"
              />
            )}
            <nav className="lv-panel-links">
              <Link to="/allTransaction">{t('panel.all')}</Link>
              <Link to="/leverTransactions">{t('panel.risk')}</Link>
              <Link to="/leverList">{t('panel.orders')}</Link>
              <Link to="/leverRecord">{t('panel.record')}</Link>
            </nav>
          </div>
        </section>
        <section className="lv-side">
          <OrderBook pair={pair} market={market} onPick={(price) => form.current?.fillPrice(price)} />
          <LeverOrderForm ref={form} pair={pair} deal={deal.data} lastPrice={lastPrice} />
        </section>
      </div>
    </div>
  );
}
