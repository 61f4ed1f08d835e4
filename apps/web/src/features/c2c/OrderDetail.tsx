import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { DialogFormActions, Modal } from '../../components/Modal';
import { PasswordDialog } from '../../components/PasswordDialog';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { SummaryList } from '../../components/SummaryList';
import { formatFixed, toDecimal } from '../../lib/format';
import { confirmDialog, toast } from '../../lib/notify';
import {
  appealOrder,
  runOrderAction,
  sendAppealMessage,
  useOrder,
  useRefreshC2c,
  type P2pOrder,
  type CashInfo,
} from './api';
import { Countdown } from '../../components/Countdown';
import { LocalTime } from '../../components/LocalTime';
import { instantOf } from '../../lib/time';
import { PayWay } from './parts';
import {
  AMOUNT_DECIMALS,
  appealState,
  isCanceller,
  orderActions,
  orderState,
  PRICE_DECIMALS,
  viewerPaysFiat,
  viewerSide,
  type Kind,
  type OrderAction,
  type OrderView,
} from './rules';

const STATE_BADGE = { unpaid: '', paid: 'badge-up', done: 'badge-up', cancelled: 'badge-down' } as const;

/** An order's status as a badge. */
export function OrderStatus({ isSure }: { isSure: number }) {
  const { t } = useTranslation('c2c');
  const state = orderState(isSure);
  return (
    <span className={`badge ${STATE_BADGE[state]}`} data-testid="c2c-order-status" data-state={state}>
      {t(`order.state.${state}`)}
    </span>
  );
}

/** What an order's fiat side came to, with its currency code. */
export function fiatAmount(order: Pick<P2pOrder, 'deal_money' | 'coin_code'>): string {
  return `${formatFixed(order.deal_money, PRICE_DECIMALS)} ${order.coin_code}`;
}

/** Which side of an order its viewer is on, and the coin: "Buy BTC" in green, "Sell BTC" in red. */
export function OrderSide({ side, coin }: { side: 'buy' | 'sell'; coin: string }) {
  const { t } = useTranslation('c2c');
  return <span className={side === 'buy' ? 'up' : 'down'}>{t(`order.side.${side}`, { coin })}</span>;
}

/** The unit price of an order: its own field, or what was paid over what was traded. */
export function orderPrice(order: Pick<P2pOrder, 'price' | 'deal_money' | 'number'>): string | undefined {
  if (order.price) return order.price;
  const money = toDecimal(order.deal_money);
  const number = toDecimal(order.number);
  return money && number && !number.isZero() ? money.dividedBy(number).toFixed() : undefined;
}

/**
 * The detail modal of one order with exactly the actions document 2, section 4 gives its viewer, the
 * other party's masked name and phone, the receiving account while the viewer has to pay to it (the server
 * sends it to that party only), and the payment countdown while the order is unpaid.
 */
export function OrderDetail({
  kind,
  id,
  view,
  onClose,
}: {
  kind: Kind;
  id: number;
  view: OrderView;
  onClose: () => void;
}) {
  const { t } = useTranslation('c2c');
  const order = useOrder(kind, id);
  const [appealing, setAppealing] = useState(false);
  const refresh = useRefreshC2c();
  const [acting, setActing] = useState<OrderAction | null>(null);

  const start = async (action: OrderAction) => {
    if (action === 'pay' || action === 'cancel') {
      const yes = await confirmDialog({
        title: t(`order.action.${action}`),
        text: t(`order.confirm.${action}`),
      });
      if (!yes) return;
    }
    setActing(action);
  };

  const data = order.data;
  return (
    <Modal
      title={t('order.title', { id })}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="c2c-order-close">
          {t('order.close')}
        </button>
      }
    >
      <div className="c2c-order" data-testid="c2c-order-detail" data-id={id}>
        {order.isPending ? (
          <Spinner />
        ) : !data ? (
          <LoadFailed message={t('list.loadError')} onRetry={() => void order.refetch()} />
        ) : (
          <OrderBody
            kind={kind}
            order={data}
            view={view}
            onAction={(action) => void start(action)}
            onAppeal={() => setAppealing(true)}
          />
        )}
      </div>
      {acting && data && (
        <PasswordDialog
          title={t(`order.action.${acting}`)}
          text={t('order.passwordFor', { id })}
          onClose={() => setActing(null)}
          onSubmit={async (password) => {
            toast(await runOrderAction(kind, acting, data.id, password), 'success');
            await refresh();
          }}
        />
      )}
      {appealing && data && (
        <AppealDialog
          onClose={() => setAppealing(false)}
          onSubmit={async (reason) => {
            toast(await appealOrder(kind, data.id, reason), 'success');
            await refresh();
          }}
        />
      )}
    </Modal>
  );
}

function OrderBody({
  kind,
  order,
  view,
  onAction,
  onAppeal,
}: {
  kind: Kind;
  order: P2pOrder;
  view: OrderView;
  onAction: (action: OrderAction) => void;
  onAppeal: () => void;
}) {
  const { t } = useTranslation('c2c');
  const side = viewerSide(view, order.type);
  const state = orderState(order.is_sure);
  const actions = orderActions(view, order);
  const deadline = instantOf(order.pay_deadline_ms ?? order.pay_deadline);
  const paysFiat = viewerPaysFiat(view, order.type);
  const price = orderPrice(order);
  const appealable = state === 'paid' && !order.appeal_state;
  const appealFrom = instantOf(order.appeal_from_ms);
  const appealOpen = useReached(appealFrom);

  // The other party as the server shows it: a masked name and phone; the receiving account only to the payer.
  const counterparty =
    view === 'taker'
      ? { name: order.seller_name, phone: order.seller_phone?.phone, cash: order.sell_cash_info }
      : { name: order.account_number, phone: order.phone?.phone, cash: order.user_cash_info };

  return (
    <>
      <div className="c2c-order-head">
        <OrderSide side={side} coin={order.currency_name} />
        <OrderStatus isSure={order.is_sure} />
      </div>
      {state === 'unpaid' && (
        <div className="c2c-order-deadline" data-testid="c2c-order-deadline">
          <span>{paysFiat ? t('order.payWithin') : t('order.waitPayment')}</span>
          <Countdown deadline={deadline} expiredLabel={t('order.expired')} testId="c2c-order-countdown" />
          <span className="muted">{t('order.timeoutNote')}</span>
        </div>
      )}
      {state === 'paid' && (
        <div className="c2c-order-deadline">
          {paysFiat ? t('order.waitRelease') : t('order.checkPayment')}
        </div>
      )}
      <SummaryList
        className="c2c-summary"
        rows={[
          {
            label: t('order.quantity'),
            value: `${formatFixed(order.number, AMOUNT_DECIMALS)} ${order.currency_name}`,
            className: 'num',
          },
          {
            label: t('order.price'),
            value: `${formatFixed(price, PRICE_DECIMALS)} ${order.coin_code}`,
            className: 'num',
          },
          {
            label: t('order.total'),
            value: fiatAmount(order),
            className: 'num c2c-strong',
            testId: 'c2c-order-total',
          },
          { label: t('order.way'), value: order.way ? <PayWay way={order.way} /> : order.way_name },
          order.out_fee !== undefined && {
            label: t('order.fee'),
            value: formatFixed(order.out_fee, AMOUNT_DECIMALS),
            className: 'num',
          },
          {
            label: t('order.created'),
            value: <LocalTime value={order.format_create_time} withZone />,
          },
        ]}
      />
      <h4 className="c2c-order-sub">{t('order.counterparty')}</h4>
      <SummaryList
        className="c2c-summary"
        testId="c2c-order-counterparty"
        rows={[
          { label: t('order.name'), value: counterparty.name || '--' },
          { label: t('order.phone'), value: counterparty.phone || '--', className: 'num' },
        ]}
      />
      {/* Where to pay, only while there is something to pay (or just paid): never on a finished order. */}
      {paysFiat && (state === 'unpaid' || state === 'paid') && counterparty.cash && (
        <CashDetails cash={counterparty.cash} way={order.way} />
      )}
      <AppealState order={order} />
      <AppealStatements kind={kind} order={order} />
      {state === 'cancelled' && isCanceller(order.cancelled_by) && (
        <div className="c2c-order-note" data-testid="c2c-order-cancelled-by" data-by={order.cancelled_by}>
          {t(`order.cancelledBy.${order.cancelled_by}`)}
        </div>
      )}
      {(actions.length > 0 || appealable) && (
        <div className="c2c-order-actions" data-testid="c2c-order-actions">
          {appealable && !appealOpen && (
            <span className="muted c2c-appeal-wait" data-testid="c2c-order-appeal-wait">
              {t('order.appealIn')} <Countdown deadline={appealFrom} expiredLabel="" />
            </span>
          )}
          {appealable && appealOpen && (
            <button
              type="button"
              className="btn btn-link c2c-appeal"
              onClick={onAppeal}
              data-testid="c2c-order-appeal"
            >
              {t('order.appeal')}
            </button>
          )}
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn ${action === 'cancel' ? 'btn-ghost' : 'btn-primary'}`}
              onClick={() => onAction(action)}
              data-testid={`c2c-order-${action}`}
            >
              {t(`order.action.${action}`)}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/** Whether a moment (ms since the epoch) has come; re-renders when it does. No moment: it has. */
function useReached(at: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at]);
  return at === null || now >= at;
}

/** Where an appeal stands: under review, or how it ended (an operator's decision, the seller's confirmation). */
function AppealState({ order }: { order: P2pOrder }) {
  const { t } = useTranslation('c2c');
  const state = appealState(order);
  if (!state) return null;
  return (
    <div
      className={`c2c-order-note${state === 'open' ? ' c2c-order-note-open' : ''}`}
      data-testid="c2c-order-appeal-state"
      data-state={state}
    >
      {state === 'open' ? t('order.underAppeal') : t(`order.resolved.${state}`)}
    </div>
  );
}

/**
 * What both parties told the operator, oldest first, and while the appeal is open a box for one more
 * statement. After the decision the statements stay readable (they explain it) but take no more.
 */
function AppealStatements({ kind, order }: { kind: Kind; order: P2pOrder }) {
  const { t } = useTranslation('c2c');
  const refresh = useRefreshC2c();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const open = appealState(order) === 'open';
  const statements = order.appeal_messages ?? [];
  if (!open && statements.length === 0) return null;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) return toast(t('order.statements.missing'), 'error');
    setBusy(true);
    try {
      toast(await sendAppealMessage(kind, order.id, text.trim()), 'success');
      setText('');
      await refresh();
    } catch {
      // The API client has shown the refusal (appeal decided meanwhile, too many statements...).
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="c2c-statements" data-testid="c2c-appeal-statements">
      <h4 className="c2c-order-sub">{t('order.statements.title')}</h4>
      {statements.length === 0 ? (
        <div className="muted">{t('order.statements.empty')}</div>
      ) : (
        <ol className="c2c-statement-list">
          {statements.map((statement, index) => (
            <li
              key={`${index}-${statement.time}`}
              className={`c2c-statement c2c-statement-${statement.from}`}
              data-testid="c2c-appeal-statement"
              data-from={statement.from}
            >
              <div className="c2c-statement-meta">
                <strong>{t(`order.statements.${statement.from}`)}</strong>
                <LocalTime className="muted num" value={statement.time} withZone />
              </div>
              <p>{statement.message}</p>
            </li>
          ))}
        </ol>
      )}
      {open && (
        <form onSubmit={(event) => void send(event)} noValidate data-testid="c2c-statement-form">
          <Field label={t('order.statements.label')} htmlFor={`c2c-statement-${order.id}`}>
            <ReasonBox
              id={`c2c-statement-${order.id}`}
              value={text}
              onChange={setText}
              testId="c2c-statement-input"
            />
            <span className="muted c2c-note">{t('order.statements.hint')}</span>
          </Field>
          <div className="c2c-statement-actions">
            <SubmitButton
              testId="c2c-statement-send"
              busy={busy}
              label={t('order.statements.send')}
              className="btn btn-ghost"
            />
          </div>
        </form>
      )}
    </section>
  );
}

/** The receiving account the fiat goes to; the chosen payment method first. */
function CashDetails({ cash, way }: { cash: CashInfo; way?: string }) {
  const { t } = useTranslation('c2c');
  const rows: { label: string; value?: string; way: string }[] = [
    { label: t('cash.realName'), value: cash.real_name, way: '' },
    { label: t('cash.bankName'), value: cash.bank_name, way: 'bank' },
    { label: t('cash.bankAccount'), value: cash.bank_account, way: 'bank' },
    { label: t('cash.alipay'), value: cash.alipay_account, way: 'ali_pay' },
    { label: t('cash.wechat'), value: cash.wechat_account, way: 'we_chat' },
  ];
  const shown = rows.filter((row) => row.value && (!way || row.way === '' || row.way === way));
  if (shown.length === 0) return null;
  return (
    <>
      <h4 className="c2c-order-sub">{t('order.payTo')}</h4>
      <SummaryList
        className="c2c-summary"
        testId="c2c-order-cash"
        rows={shown.map((row) => ({ label: row.label, value: row.value, className: 'num' }))}
      />
    </>
  );
}

/** An appeal of a paid order the seller does not confirm: the reason goes to the operators. */
function AppealDialog({
  onSubmit,
  onClose,
}: {
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('c2c');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason.trim()) return toast(t('order.appealReasonMissing'), 'error');
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      onClose();
    } catch {
      // The API client has shown the refusal (too soon, already appealed...).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('order.appeal')} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="c2c-appeal-form">
        <p className="muted c2c-note">{t('order.appealHint')}</p>
        <Field label={t('order.appealReason')} htmlFor="c2c-appeal-reason">
          <ReasonBox id="c2c-appeal-reason" value={reason} onChange={setReason} />
        </Field>
        <DialogFormActions
          onCancel={onClose}
          busy={busy}
          testId="c2c-appeal-submit"
          className="password-dialog-actions"
        />
      </form>
    </Modal>
  );
}

/** The box of an appeal's reason or a statement: up to 500 characters, as the server takes them. */
function ReasonBox({
  id,
  value,
  onChange,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <textarea
      id={id}
      className="input c2c-textarea"
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    />
  );
}
