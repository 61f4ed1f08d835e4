import Decimal from 'decimal.js';
import { useImperativeHandle, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Quotation } from '../../api/markets';
import { Field } from '../../components/Field';
import { SideButtons } from '../../components/market/SideButtons';
import { DialogFormActions, Modal } from '../../components/Modal';
import { Presets } from '../../components/Presets';
import { SignInPrompt } from '../../components/SignInPrompt';
import { isBlockedKey, normalizeDecimal, sanitizeDecimalInput } from '../../lib/decimal-input';
import { formatFixed, toDecimal } from '../../lib/format';
import { toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { submitLever, useRefreshLever, type LeverDeal } from './api';
import { LeverMarkNotice } from './LeverMarkNotice';
import {
  estimateOrder,
  LEVER_AMOUNT_DECIMALS,
  LEVER_PRICE_DECIMALS,
  sanitizeShare,
  validateLeverOrder,
  type LeverMode,
  type LeverSide,
  type ShareProblem,
} from './lever-math';
import { Tab, Tabs } from '../../components/Tabs';

export interface LeverFormHandle {
  /** A clicked book level: limit mode with that price. */
  fillPrice: (price: string) => void;
}

interface Props {
  pair: Quotation;
  deal: LeverDeal | undefined;
  lastPrice: string;
  ref?: Ref<LeverFormHandle>;
}

const valueText = (value: string | number) => String(value);

/**
 * The lever order form (document 3, sections 2 and 5): market or limit, a multiple, hands, an estimate of
 * the contract value, margin and fee, then a confirm dialog that asks for the trade password.
 */
export function LeverOrderForm({ pair, deal, lastPrice, ref }: Props) {
  const { t } = useTranslation('lever');
  const signedIn = useToken() !== null;
  const refresh = useRefreshLever();
  const [mode, setMode] = useState<LeverMode>(1);
  const [price, setPrice] = useState('');
  const [multiple, setMultiple] = useState('');
  const [share, setShare] = useState('');
  const [confirming, setConfirming] = useState<LeverSide | null>(null);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);

  const multiples = (deal?.multiple.muit ?? []).map((item) => valueText(item.value));
  const presets = (deal?.multiple.share ?? []).map((item) => valueText(item.value));
  const min = deal?.lever_share_limit.min;
  const max = deal?.lever_share_limit.max;
  const chosenMultiple = multiple && multiples.includes(multiple) ? multiple : (multiples[0] ?? '');
  const lotSize = deal?.lever_share_num ?? pair.lever_share_num;
  // Market orders open at the mark (the server's, held while the book cannot back it), not the last trade.
  const mark = deal && Number(deal.last_price) > 0 ? deal.last_price : null;
  const referencePrice = mark ?? lastPrice;
  const opensPaused = deal !== undefined && deal.mark_state !== 'ok';
  const usedPrice = mode === 0 ? price : referencePrice;
  const estimate = (side: LeverSide) =>
    estimateOrder({
      side,
      price: usedPrice,
      share,
      lotSize,
      multiple: chosenMultiple,
      feePercent: deal?.lever_trade_fee,
      spreadPercent: mode === 1 ? deal?.spread : null,
    });
  const shown = estimate(1);
  const maxNumber = toDecimal(max === undefined ? null : String(max));
  const typed = toDecimal(share);
  const rangeHint =
    typed && min !== undefined && typed.lessThan(new Decimal(String(min)))
      ? t('check.lowerThanMin', { min })
      : typed && maxNumber?.greaterThan(0) && typed.greaterThan(maxNumber)
        ? t('check.higherThanMax', { max })
        : null;

  useImperativeHandle(ref, () => ({
    fillPrice: (next) => {
      setMode(0);
      setPrice(sanitizeDecimalInput(normalizeDecimal(next), LEVER_PRICE_DECIMALS));
    },
  }));

  const problemText = (problem: ShareProblem) =>
    problem.key === 'noLessThan'
      ? t('check.noLessThan', { min: problem.min })
      : problem.key === 'noMoreThan'
        ? t('check.noMoreThan', { max: problem.max })
        : t(`check.${problem.key}`);

  const open = (side: LeverSide) => {
    const problem = validateLeverOrder({ multiple: chosenMultiple, mode, price, share, min, max });
    if (problem) {
      toast(problemText(problem), 'error');
      return;
    }
    setPassword('');
    setConfirming(side);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming === null) return;
    if (sending) {
      toast(t('check.submitting'), 'info');
      return;
    }
    if (!password) {
      toast(t('check.enterPassword'), 'error');
      return;
    }
    setSending(true);
    try {
      const message = await submitLever({
        legal_id: pair.legal_id,
        currency_id: pair.currency_id,
        type: confirming,
        status: mode,
        multiple: chosenMultiple,
        share: share.trim(),
        target_price: mode === 0 ? normalizeDecimal(price) : undefined,
        password,
      });
      toast(message, 'success');
      setConfirming(null);
      setShare('');
      refresh();
    } catch {
      // The API client showed the refusal (and sends 996/998/997 to the page that fixes it).
    } finally {
      setSending(false);
    }
  };

  const confirmEstimate = confirming ? estimate(confirming) : null;

  return (
    <div className="ex-panel lv-form" data-testid="lever-form">
      <div className="lv-form-top">
        <Tabs
          className="tabs"
          items={[1, 0] as const}
          value={mode}
          onChange={(value) => {
            setMode(value);
            if (value === 0 && !price && Number(referencePrice) > 0)
              setPrice(sanitizeDecimalInput(normalizeDecimal(referencePrice), LEVER_PRICE_DECIMALS));
          }}
          label={(value) => (value === 1 ? t('form.market') : t('form.limit'))}
          testId={(value) => `lever-mode-${value === 1 ? 'market' : 'limit'}`}
        />
        {signedIn && (
          <span className="lv-available">
            {t('form.available')}{' '}
            <span className="num" data-testid="lever-available">
              {formatFixed(deal?.user_lever, LEVER_AMOUNT_DECIMALS)}
            </span>{' '}
            {pair.legal_name}
            <Link to="/transferLever" className="btn-link lv-transfer" data-testid="lever-transfer-link">
              {t('form.transfer')}
            </Link>
          </span>
        )}
      </div>
      <div className="lv-form-body">
        <div className="field">
          <span className="field-label">{t('form.multiple')}</span>
          <div className="pill-tabs lv-chips" role="radiogroup">
            {multiples.map((value) => (
              <Tab
                key={value}
                role="radio"
                active={chosenMultiple === value}
                className="pill-tab"
                onSelect={() => setMultiple(value)}
                testId="lever-multiple"
                data-value={value}
              >
                {value}x
              </Tab>
            ))}
          </div>
        </div>
        <Field label={`${t('form.price')} (${pair.legal_name})`} htmlFor="lv-price">
          <input
            id="lv-price"
            className="input num"
            inputMode="decimal"
            value={mode === 0 ? price : ''}
            placeholder={mode === 1 ? t('form.marketPrice') : ''}
            disabled={mode === 1}
            onKeyDown={(event) => isBlockedKey(event.key) && event.preventDefault()}
            onChange={(event) => setPrice(sanitizeDecimalInput(event.target.value, LEVER_PRICE_DECIMALS))}
            data-testid="lever-price"
          />
          {mark && (
            <div className="lv-hint muted" data-testid="lever-mark-price">
              {t('form.markPrice')} <span className="num">{formatFixed(mark, LEVER_PRICE_DECIMALS)}</span>{' '}
              {pair.legal_name}
            </div>
          )}
        </Field>
        <Field
          label={
            <>
              {t('form.hands')}{' '}
              <span className="muted">
                {maxNumber?.greaterThan(0)
                  ? t('form.handsRange', { min: min ?? 1, max })
                  : t('form.handsMin', { min: min ?? 1 })}
              </span>
            </>
          }
          htmlFor="lv-share"
        >
          <input
            id="lv-share"
            className="input num"
            inputMode="numeric"
            value={share}
            onKeyDown={(event) => (isBlockedKey(event.key) || event.key === '.') && event.preventDefault()}
            onChange={(event) => setShare(sanitizeShare(event.target.value))}
            data-testid="lever-share"
          />
          {rangeHint && (
            <div className="field-error" data-testid="lever-share-hint">
              {rangeHint}
            </div>
          )}
          {presets.length > 0 && (
            <Presets
              values={presets}
              current={share}
              onPick={setShare}
              className="pill-tabs lv-chips"
              chipClassName="pill-tab"
              testId="lever-share-preset"
            />
          )}
          <div className="lv-hint muted">
            {t('form.lot', { size: normalizeDecimal(lotSize || '0'), coin: pair.currency_name })}
          </div>
        </Field>
        <dl className="lv-estimate">
          <div>
            <dt>{t('form.value')}</dt>
            <dd className="num">{formatFixed(shown?.value, LEVER_AMOUNT_DECIMALS)}</dd>
          </div>
          <div>
            <dt>{t('form.margin')}</dt>
            <dd className="num" data-testid="lever-margin">
              {formatFixed(shown?.margin, LEVER_AMOUNT_DECIMALS)}
            </dd>
          </div>
          {deal?.lever_trade_fee !== undefined && (
            <div>
              <dt>{t('form.fee')}</dt>
              <dd className="num">{formatFixed(shown?.fee, LEVER_AMOUNT_DECIMALS)}</dd>
            </div>
          )}
        </dl>
        {deal && deal.mark_state !== 'ok' && (
          <LeverMarkNotice state={deal.mark_state} mark={mark} quote={pair.legal_name} />
        )}
        {signedIn ? (
          <SideButtons
            className="lv-sides"
            sides={[
              { side: 1, className: 'btn btn-buy', testId: 'lever-long', label: t('form.long') },
              { side: 2, className: 'btn btn-sell', testId: 'lever-short', label: t('form.short') },
            ]}
            disabled={opensPaused}
            onChoose={open}
          />
        ) : (
          <SignInPrompt reason={t('page.loginPrompt')} className="lv-login" />
        )}
      </div>
      {confirming !== null && (
        <Modal title={t('confirm.title')} onClose={() => !sending && setConfirming(null)}>
          <form onSubmit={(event) => void send(event)} data-testid="lever-confirm">
            <dl className="lv-facts">
              <div>
                <dt>{t('col.pair')}</dt>
                <dd>{pair.symbol}</dd>
              </div>
              <div>
                <dt>{t('confirm.side')}</dt>
                <dd className={confirming === 1 ? 'up' : 'down'}>{t(`side.${confirming}`)}</dd>
              </div>
              <div>
                <dt>{t('confirm.mode')}</dt>
                <dd>{mode === 1 ? t('form.market') : t('form.limit')}</dd>
              </div>
              <div>
                <dt>{t('confirm.price')}</dt>
                <dd className="num">
                  {mode === 1 ? t('form.marketPrice') : formatFixed(price, LEVER_PRICE_DECIMALS)}
                </dd>
              </div>
              <div>
                <dt>{t('form.multiple')}</dt>
                <dd className="num">{chosenMultiple}x</dd>
              </div>
              <div>
                <dt>{t('form.hands')}</dt>
                <dd className="num">{share}</dd>
              </div>
              <div>
                <dt>{t('form.margin')}</dt>
                <dd className="num">
                  ≈ {formatFixed(confirmEstimate?.margin, LEVER_AMOUNT_DECIMALS)} {pair.legal_name}
                </dd>
              </div>
              {confirmEstimate?.fee && (
                <div>
                  <dt>{t('form.fee')}</dt>
                  <dd className="num">
                    ≈ {formatFixed(confirmEstimate.fee, LEVER_AMOUNT_DECIMALS)} {pair.legal_name}
                  </dd>
                </div>
              )}
            </dl>
            <Field label={t('confirm.password')} htmlFor="lv-password">
              <input
                id="lv-password"
                className="input"
                type="password"
                autoComplete="off"
                maxLength={16}
                value={password}
                placeholder={t('confirm.passwordPlaceholder')}
                onChange={(event) => setPassword(event.target.value)}
                data-testid="lever-password"
                autoFocus
              />
            </Field>
            <DialogFormActions
              onCancel={() => setConfirming(null)}
              testId="lever-confirm-submit"
              busy={sending}
              disabled={false}
            />
          </form>
        </Modal>
      )}
    </div>
  );
}
