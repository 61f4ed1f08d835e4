import { useSearchParams } from 'react-router';
import { useQuotations, type Quotation } from '../../api/markets';
import { ChartPanel } from '../../components/market/ChartPanel';
import { PairGate } from '../../components/market/PairGate';
import { useLivePrice, useMicroClosedPushes } from './api';
import { MarketTabs } from './MarketTabs';
import { chooseMicroPair, microPairs } from './micro-math';
import { MicroOrders } from './MicroOrders';
import { TradePanel } from './TradePanel';
import './micro.css';

/**
 * The seconds-contract centre (`/secondsOrder?legalId&currencyId`, document 3, sections 2 and 4): market tabs
 * across the top, the chart beside the trade panel, the running and finished orders below.
 */
export default function SecondsOrderPage() {
  const quotations = useQuotations();
  const [params, setParams] = useSearchParams();
  const pairs = microPairs(quotations.data);
  const pair = chooseMicroPair(
    pairs,
    params.get('legalId') ?? params.get('legal_id'),
    params.get('currencyId') ?? params.get('currency_id'),
  );

  const choose = (next: Quotation) =>
    setParams({ legalId: String(next.legal_id), currencyId: String(next.currency_id) });

  if (quotations.isPending || !pair) return <PairGate screen="micro" markets={quotations} />;
  return (
    <div className="micro-page" data-testid="micro-page">
      <MarketTabs pairs={pairs} current={pair} onChoose={choose} />
      <SecondsMarket key={pair.match_id} pair={pair} />
    </div>
  );
}

function SecondsMarket({ pair }: { pair: Quotation }) {
  const livePrice = useLivePrice(pair.match_id, pair.now_price);
  useMicroClosedPushes();
  return (
    <>
      <div className="micro-grid">
        <ChartPanel pair={pair} className="micro-panel micro-chart" />
        <TradePanel pair={pair} livePrice={livePrice} />
      </div>
      <MicroOrders pair={pair} livePrice={livePrice} />
    </>
  );
}
