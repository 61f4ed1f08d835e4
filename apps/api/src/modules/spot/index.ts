/**
 * Spot: the one public surface of the area. Workers, ops, seed and other areas import these names only
 * (`@exchange/api/modules/spot`, or `../spot` inside the API); everything else in this folder is private.
 */

import './texts';

// Placing and cancelling orders: one path for everyone, the market maker included.
export { parsePrice, placeOrder, SIDE } from './place-order';
export { requestCancel } from './cancel-order';
export { Placements, type Placement } from './placements';

// How orders reach the matcher, and how its verdicts come back.
export {
  commandsOf,
  OrderResults,
  PLACEMENTS_GROUP,
  placementsStream,
  resultsChannel,
  SpotCommands,
  type ResultBatch,
  type SpotCommand,
} from './queue';

// The matcher's rules: its in-memory market, and the settlement of a batch (trades, order states, balance
// movements, fees, open-order counters, candles) in one transaction.
export { Market, type LiveOrder } from './live-market';
export { BatchFunds, BatchState, settleBatch, ticketOrder, type BatchOutcome } from './settle-batch';
export type { CandleRow } from './candles';

// Pairs and market data.
export {
  announcePairChange,
  findPairBySymbol,
  findTradablePair,
  lotsToAmount,
  marketNameOf,
  pairsChangedChannel,
  symbolOf,
  ticksToPrice,
  type Pair,
} from './pairs';
export { dayStats } from './tickers';
// What every balance is worth: the live last price of its USDT market, as the market list shows it.
export { lastUsdtPrices, usdtValuation, VALUATION_CURRENCY, type UsdtPriceOf } from './valuation';

// The operator actions of the area (the console calls them, so their announcements always happen).
export { PAIR_FLAGS, switchPair, type PairFlag } from './pair-switches';
export {
  changePairSpotSettings,
  LIVE_ORDER_STATE,
  PRECISION_LIMITS,
  spotSettingsOf,
  type PairSpotChange,
} from './pair-settings';

// What spot tells the ledger audit: the holders of its locks and the check of its open-order counters.
export { spotAudit } from './audit';
export { archiveMarketMaker, MARKET_MAKER_ACCOUNTS } from './archive';
export { spotServices, spotArea } from './plugin';
export * as spotOperator from './operator';
