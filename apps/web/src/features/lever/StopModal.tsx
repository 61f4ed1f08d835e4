import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { DialogFormActions, Modal } from '../../components/Modal';
import { isBlockedKey, normalizeDecimal, sanitizeDecimalInput } from '../../lib/decimal-input';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { setLeverStop, useRefreshLever, type LeverOrder } from './api';
import {
  LEVER_AMOUNT_DECIMALS,
  LEVER_PRICE_DECIMALS,
  positionSize,
  stepStop,
  stopExpectations,
  validateStops,
} from './lever-math';

interface Props {
  order: LeverOrder;
  lotSize: string | undefined;
  onClose: () => void;
}

/** A stop price starts from the one set, else the mark. */
const initial = (value: string, fallback: string) =>
  Number(value) > 0 ? normalizeDecimal(value) : normalizeDecimal(fallback);

/**
 * Take-profit and stop-loss of one position (document 3, sections 2 and 5): each price steps by 0.01, may not
 * go below 0, and shows the expected profit or loss at that price, never below 0.
 */
export function StopModal({ order, lotSize, onClose }: Props) {
  const { t } = useTranslation('lever');
  const refresh = useRefreshLever();
  const [takeProfit, setTakeProfit] = useState(() => initial(order.target_profit_price, order.update_price));
  const [stopLoss, setStopLoss] = useState(() => initial(order.stop_loss_price, order.update_price));
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const expected = stopExpectations({
    side: order.type,
    openPrice: order.price,
    size: positionSize(order, lotSize),
    takeProfit,
    stopLoss,
  });

  const step = (field: 'tp' | 'sl', delta: 1 | -1) => {
    const current = field === 'tp' ? takeProfit : stopLoss;
    const next = stepStop(current, delta);
    if (next.belowZero) {
      setProblem(t('check.greaterThanZero'));
      return;
    }
    setProblem(null);
    (field === 'tp' ? setTakeProfit : setStopLoss)(next.value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const check = validateStops({
      side: order.type,
      openPrice: order.price,
      markPrice: order.update_price,
      takeProfit,
      stopLoss,
    });
    if (check) {
      setProblem(t(`check.${check}`));
      return;
    }
    setSending(true);
    try {
      const message = await setLeverStop({
        id: order.id,
        target_profit_price: normalizeDecimal(takeProfit),
        stop_loss_price: normalizeDecimal(stopLoss),
      });
      toast(message, 'success');
      refresh();
      onClose();
    } catch {
      // Shown by the API client.
    } finally {
      setSending(false);
    }
  };

  const field = (
    id: 'tp' | 'sl',
    label: string,
    value: string,
    set: (value: string) => void,
    hint: { label: string; value: string; tone: 'up' | 'down' },
  ) => (
    <Field label={label} htmlFor={`lv-stop-${id}`}>
      <div className="lv-stepper">
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t('stop.decrease')}
          onClick={() => step(id, -1)}
          data-testid={`stop-${id}-down`}
        >
          −
        </button>
        <input
          id={`lv-stop-${id}`}
          className="input num"
          inputMode="decimal"
          value={value}
          onKeyDown={(event) => isBlockedKey(event.key) && event.preventDefault()}
          onChange={(event) => {
            setProblem(null);
            set(sanitizeDecimalInput(event.target.value, 8));
          }}
          data-testid={`stop-${id}`}
        />
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={t('stop.increase')}
          onClick={() => step(id, 1)}
          data-testid={`stop-${id}-up`}
        >
          +
        </button>
      </div>
      <div className="lv-hint">
        {hint.label}{' '}
        <span className={`num ${hint.tone}`} data-testid={`stop-${id}-expected`}>
          {hint.value}
        </span>
      </div>
    </Field>
  );

  return (
    <Modal title={t('stop.title')} onClose={onClose}>
      <form className="lv-stop-form" onSubmit={(event) => void submit(event)} data-testid="stop-modal">
        <dl className="lv-facts">
          <div>
            <dt>{t('col.pair')}</dt>
            <dd>
              {order.symbol}{' '}
              <span className={order.type === 1 ? 'up' : 'down'}>
                {t(`side.${order.type === 1 ? 1 : 2}`)}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('col.openPrice')}</dt>
            <dd className="num">{formatFixed(order.price, LEVER_PRICE_DECIMALS)}</dd>
          </div>
          <div>
            <dt>{t('col.markPrice')}</dt>
            <dd className="num">{formatFixed(order.update_price, LEVER_PRICE_DECIMALS)}</dd>
          </div>
        </dl>
        {field('tp', t('stop.takeProfit'), takeProfit, setTakeProfit, {
          label: t('stop.expectedProfit'),
          value: formatFixed(expected.profit, LEVER_AMOUNT_DECIMALS),
          tone: 'up',
        })}
        {field('sl', t('stop.stopLoss'), stopLoss, setStopLoss, {
          label: t('stop.expectedLoss'),
          value: formatFixed(expected.loss, LEVER_AMOUNT_DECIMALS),
          tone: 'down',
        })}
        {problem && (
          <div className="field-error" role="alert" data-testid="stop-problem">
            {problem}
          </div>
        )}
        <DialogFormActions onCancel={onClose} testId="stop-submit" busy={sending} />
      </form>
    </Modal>
  );
}
