import { LEVER_RISK_OPTIONS, type LeverRiskOption } from '@exchange/contracts/constants';
import type { Currency, CurrencyMatch, Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, parseOptionDecimal, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { isOn, readSettings } from '../system';

export type LeverPair = CurrencyMatch & { legal: Currency; currency: Currency };

/** Option types of lever_multiples: 1 a leverage multiple, 2 a preset number of hands. */
export const OPTION_TYPE = { multiple: 1, share: 2 } as const;

/** A pair open for lever trading (displayed, open_lever=1), by quote and base ids. */
export async function findLeverPair(prisma: Db, legalId: number, currencyId: number): Promise<LeverPair> {
  const pair = await prisma.currencyMatch.findUnique({
    where: { legal_id_currency_id: { legal_id: legalId, currency_id: currencyId } },
    include: { legal: true, currency: true },
  });
  if (!pair || pair.is_display !== 1 || pair.open_lever !== 1) throw new AppError('lever_pair_closed');
  return pair;
}

export interface LeverOptions {
  multiples: number[];
  shares: number[];
  minShare: number;
  /** 0: no maximum. */
  maxShare: number;
  shareNum: MoneyValue;
  feePercent: MoneyValue;
  spreadPercent: MoneyValue;
  overnightPercent: MoneyValue;
  pairExposurePercent: MoneyValue;
  userExposurePercent: MoneyValue;
}

type SecondsOption = 'mark_trade_window_seconds' | 'mark_smoothing_seconds';
const SECONDS_OPTIONS: readonly LeverRiskOption[] = [
  'mark_trade_window_seconds',
  'mark_smoothing_seconds',
] satisfies SecondsOption[];
/** Options whose zero would break the mark: an impact price over nothing, a mark that never moves. */
const POSITIVE_OPTIONS: readonly LeverRiskOption[] = ['mark_impact_notional', 'mark_max_move_percent'];

type RiskColumns = Record<LeverRiskOption, number | { toFixed: () => string }>;
const riskView = (pair: RiskColumns) =>
  Object.fromEntries(
    LEVER_RISK_OPTIONS.map((option) => {
      const value = pair[option];
      return [option, typeof value === 'number' ? String(value) : value.toFixed()];
    }),
  ) as Record<LeverRiskOption, string>;

type RiskData = Partial<
  Record<SecondsOption, number> & Record<Exclude<LeverRiskOption, SecondsOption>, string>
>;

function riskChange(change: Partial<Record<LeverRiskOption, string>>): RiskData {
  const data: Record<string, string | number> = {};
  for (const option of LEVER_RISK_OPTIONS) {
    const raw = change[option];
    if (raw === undefined) continue;
    if (SECONDS_OPTIONS.includes(option)) {
      if (!/^[1-9]\d{0,5}$/.test(raw)) throw new Error(`${option} is a whole number of seconds, 1 or more`);
      data[option] = Number(raw);
    } else {
      const value = parseOptionDecimal(raw, option);
      if (POSITIVE_OPTIONS.includes(option) && value.lte(0)) throw new Error(`${option} must be positive`);
      data[option] = value.toFixed();
    }
  }
  return data;
}

export async function leverOptions(prisma: Db | Tx, pair: CurrencyMatch): Promise<LeverOptions> {
  const rows = await prisma.leverMultiple.findMany({
    where: { match_id: pair.id },
    orderBy: { value: 'asc' },
  });
  return {
    multiples: rows.filter((row) => row.type === OPTION_TYPE.multiple).map((row) => row.value),
    shares: rows.filter((row) => row.type === OPTION_TYPE.share).map((row) => row.value),
    minShare: pair.lever_min_share,
    maxShare: pair.lever_max_share,
    shareNum: new Money(pair.lever_share_num.toFixed()),
    feePercent: new Money(pair.lever_trade_fee.toFixed()),
    spreadPercent: new Money(pair.spread.toFixed()),
    overnightPercent: new Money(pair.overnight.toFixed()),
    pairExposurePercent: new Money(pair.lever_pair_exposure_percent.toFixed()),
    userExposurePercent: new Money(pair.lever_user_exposure_percent.toFixed()),
  };
}

/** The operator's lever settings: the liquidation risk rate and the entrust and stop switches. */
export async function leverSettings(prisma: Db) {
  const settings = await readSettings(prisma);
  return {
    burstRate: new Money(settings.lever_burst_hazard_rate),
    entrustOpen: isOn(settings.open_lever_entrust),
    stopsOpen: isOn(settings.user_set_stopprice),
  };
}

export interface LeverOptionsChange {
  open?: boolean | undefined;
  multiples?: number[] | undefined;
  shares?: number[] | undefined;
  minShare?: number | undefined;
  maxShare?: number | undefined;
  shareNum?: string | undefined;
  feePercent?: string | undefined;
  spreadPercent?: string | undefined;
  overnightPercent?: string | undefined;
  risk?: Partial<Record<LeverRiskOption, string>> | undefined;
}

/**
 * Writes a pair's lever options inside the caller's transaction (the console records its audit line in the
 * same one); the checks throw plain errors that both callers turn into their own answers.
 */
export async function writeLeverOptions(tx: Tx, pairId: number, change: LeverOptionsChange): Promise<void> {
  for (const list of [change.multiples, change.shares])
    if (list?.some((value) => !Number.isInteger(value) || value <= 0))
      throw new Error('multiples and shares are positive integers');
  if (change.minShare !== undefined && (!Number.isInteger(change.minShare) || change.minShare < 1))
    throw new Error('the minimum is a positive integer');
  if (change.maxShare !== undefined && (!Number.isInteger(change.maxShare) || change.maxShare < 0))
    throw new Error('the maximum is 0 (none) or a positive integer');
  if (change.shareNum !== undefined && parseOptionDecimal(change.shareNum, 'share-num').lte(0))
    throw new Error('share-num must be positive');
  const risk = riskChange(change.risk ?? {});
  await tx.currencyMatch.update({
    where: { id: pairId },
    data: {
      ...risk,
      ...(change.open === undefined ? {} : { open_lever: change.open ? 1 : 0 }),
      ...(change.minShare === undefined ? {} : { lever_min_share: change.minShare }),
      ...(change.maxShare === undefined ? {} : { lever_max_share: change.maxShare }),
      ...(change.shareNum === undefined ? {} : { lever_share_num: change.shareNum }),
      ...(change.feePercent === undefined
        ? {}
        : { lever_trade_fee: parseOptionDecimal(change.feePercent, 'fee').toFixed() }),
      ...(change.spreadPercent === undefined
        ? {}
        : { spread: parseOptionDecimal(change.spreadPercent, 'spread').toFixed() }),
      ...(change.overnightPercent === undefined
        ? {}
        : { overnight: parseOptionDecimal(change.overnightPercent, 'overnight').toFixed() }),
    },
  });
  for (const [type, values] of [
    [OPTION_TYPE.multiple, change.multiples],
    [OPTION_TYPE.share, change.shares],
  ] as const) {
    if (!values) continue;
    await tx.leverMultiple.deleteMany({ where: { match_id: pairId, type } });
    await tx.leverMultiple.createMany({
      data: [...new Set(values)].map((value) => ({ match_id: pairId, type, value })),
    });
  }
}

/** What a pair's lever options are now, as ops and the console show them. */
export async function leverOptionsView(prisma: Db | Tx, pairId: number) {
  const pair = await prisma.currencyMatch.findUniqueOrThrow({ where: { id: pairId } });
  const options = await leverOptions(prisma, pair);
  return {
    pair: pairId,
    open_lever: pair.open_lever,
    multiples: options.multiples,
    shares: options.shares,
    lever_min_share: options.minShare,
    lever_max_share: options.maxShare,
    lever_share_num: options.shareNum.toFixed(),
    lever_trade_fee: options.feePercent.toFixed(),
    spread: options.spreadPercent.toFixed(),
    overnight: options.overnightPercent.toFixed(),
    ...riskView(pair),
  };
}

/** Changes a pair's lever options (`npm run ops -- lever:options BTC/USDT ...`); returns what it now offers. */
export async function setLeverOptions(prisma: Db, pairId: number, change: LeverOptionsChange) {
  await prisma.$transaction((tx) => writeLeverOptions(tx, pairId, change));
  return leverOptionsView(prisma, pairId);
}
