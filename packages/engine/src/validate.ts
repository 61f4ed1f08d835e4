import type { PlaceCommand } from './types';

/**
 * Commands reach the engine from a queue as parsed JSON, so the types are a promise, not a proof: every field
 * is checked here, once, before the book is touched.
 */
export function isPositiveSafeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

export function isSide(value: unknown): boolean {
  return value === 'buy' || value === 'sell';
}

function isTimeInForce(value: unknown): boolean {
  return value === 'GTC' || value === 'IOC' || value === 'FOK';
}

function isSelfTradePrevention(value: unknown): boolean {
  return value === 'cancel-taker' || value === 'cancel-maker' || value === 'cancel-both';
}

/** Fields a kind of order ignores (a market order's price, a limit order's budget) are not checked. */
function hasValidPricing(command: PlaceCommand): boolean {
  if (command.kind === 'limit') return isPositiveSafeInteger(command.priceTicks);
  if (command.kind !== 'market') return false;
  if (command.side === 'sell' || command.maxQuoteTicksLots === undefined) return true;
  return isPositiveSafeInteger(command.maxQuoteTicksLots);
}

export function isValidPlaceCommand(command: PlaceCommand): boolean {
  return (
    isPositiveSafeInteger(command.orderId) &&
    isPositiveSafeInteger(command.ownerId) &&
    isSide(command.side) &&
    isPositiveSafeInteger(command.quantityLots) &&
    isTimeInForce(command.timeInForce) &&
    typeof command.postOnly === 'boolean' &&
    isSelfTradePrevention(command.selfTrade) &&
    hasValidPricing(command)
  );
}
