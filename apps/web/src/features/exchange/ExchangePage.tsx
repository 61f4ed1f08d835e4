import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuotations, type Quotation } from '../../api/markets';
import { PairGate } from '../../components/market/PairGate';
import { formatFixed } from '../../lib/format';
import { STORAGE_KEYS, writeStored } from '../../lib/storage';
import { useMarket } from '../../api/market-data';
import { storedSelection, storeSelection, useSpotOrderPushes } from './api';
import { ChartPanel } from '../../components/market/ChartPanel';
import { Entrusts } from './Entrusts';
import { MarketList } from './MarketList';
import { OrderBook } from '../../components/market/OrderBook';
import { OrderForm, type OrderFormHandle } from './OrderForm';
import { pairRef, resolvePair } from './pair-selection';
import { PairHeader } from './PairHeader';
import { RecentTrades } from './RecentTrades';
import './exchange.css';

/** Document 1, section 4: the latest price is read 2 s after the screen loads. */
const LATEST_PRICE_DELAY_MS = 2_000;
/** Where the market list is a column of its own (exchange.css switches at the same width). */
const WIDE_LAYOUT = '(min-width: 1100px)';

/** The spot exchange screen (/dealCenter): market list | chart over order form | book and trades; orders below. */
export default function ExchangePage() {
  const quotations = useQuotations();
  const [params, setParams] = useSearchParams();
  const [stored] = useState(storedSelection);
  const pair = resolvePair(
    quotations.data,
    pairRef(params.get('legal_id'), params.get('currency_id')),
    pairRef(stored.legal, stored.currency),
  );

  const choose = (next: Quotation) => {
    storeSelection(next);
    setParams({ legal_id: String(next.legal_id), currency_id: String(next.currency_id) });
  };

  if (quotations.isPending || !pair) return <PairGate screen="exchange" markets={quotations} />;
  return <Exchange key={pair.match_id} pair={pair} onChoose={choose} />;
}

function Exchange({ pair, onChoose }: { pair: Quotation; onChoose: (pair: Quotation) => void }) {
  const market = useMarket(pair);
  const form = useRef<OrderFormHandle>(null);
  const [marketsOpen, setMarketsOpen] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  useSpotOrderPushes();

  // Keep the selection (section 3) for the next visit, whichever way it was reached.
  useEffect(() => storeSelection(pair), [pair]);

  // Section 4: read the latest price 2 s after load; store it and offer it as the order price.
  const latest = useRef<string | undefined>(undefined);
  useEffect(() => {
    latest.current = market.data?.lastPrice;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      const price = latest.current;
      if (!price || !(Number(price) > 0)) return;
      writeStored(STORAGE_KEYS.newPrice, price);
      form.current?.offerPrice(price);
    }, LATEST_PRICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const lastPrice = market.data?.lastPrice ?? pair.now_price;
  const pick = (price: string) => form.current?.fillPrice(price);

  // The tab title follows the price, as on the big exchanges.
  useEffect(() => {
    const previous = document.title;
    return () => {
      document.title = previous;
    };
  }, []);
  useEffect(() => {
    document.title = `${formatFixed(lastPrice, pair.price_decimals)} | ${pair.symbol}`;
  }, [lastPrice, pair.price_decimals, pair.symbol]);

  // The pair switcher: the market list is a column on wide screens (focus its search), a panel on narrow ones.
  const switchPair = () => {
    if (window.matchMedia(WIDE_LAYOUT).matches) search.current?.focus();
    else setMarketsOpen((open) => !open);
  };
  useEffect(() => {
    if (!marketsOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMarketsOpen(false);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [marketsOpen]);

  return (
    <div className="ex-page" data-testid="exchange-page">
      <PairHeader pair={pair} lastPrice={lastPrice} tick={market.data?.tick ?? 0} onSwitch={switchPair} />
      <div className="ex-grid">
        <aside className={`ex-markets${marketsOpen ? ' open' : ''}`}>
          <MarketList
            searchRef={search}
            current={pair}
            onChoose={(next) => {
              setMarketsOpen(false);
              onChoose(next);
            }}
          />
        </aside>
        {marketsOpen && <div className="ex-markets-backdrop" onClick={() => setMarketsOpen(false)} />}
        <section className="ex-center">
          <ChartPanel pair={pair} />
          <OrderForm ref={form} pair={pair} lastPrice={lastPrice} />
        </section>
        <section className="ex-right">
          <OrderBook pair={pair} market={market} onPick={pick} />
          <RecentTrades pair={pair} market={market} onPick={pick} />
        </section>
      </div>
      <Entrusts pair={pair} />
    </div>
  );
}
