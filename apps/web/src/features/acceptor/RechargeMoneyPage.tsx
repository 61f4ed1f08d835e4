import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { Field } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { PasswordDialog } from '../../components/PasswordDialog';
import { PayWayRadios } from '../../components/PayWayRadios';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { SummaryList } from '../../components/SummaryList';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { openDeal, useAcceptorInfo, useRefreshAcceptor, type AcceptorInfo } from './api';
import { AcceptorFrame } from './AcceptorFrame';
import {
  currentOf,
  dealCoins,
  dealProblem,
  directionOf,
  type DealForm,
  type DealProblem,
  type Direction,
} from './rules';
import { Tabs } from '../../components/Tabs';

const EMPTY: DealForm = { mobile: '', deal_account: '', money: '', way: '' };
const FIELD_OF: Record<DealProblem, string> = {
  mobile: 'acc-mobile',
  account: 'acc-account',
  amount: 'acc-money',
  way: 'acc-way',
};

/** Who deals with the acceptor, and on which account: plain text boxes of the deal form. */
const TEXT_FIELDS: {
  field: 'mobile' | 'deal_account';
  problem: DealProblem;
  label: (direction: Direction) => string;
  maxLength: number;
  inputMode?: 'tel';
}[] = [
  { field: 'mobile', problem: 'mobile', label: () => 'deal.mobile', maxLength: 32, inputMode: 'tel' },
  {
    field: 'deal_account',
    problem: 'account',
    label: (direction) => `deal.account.${direction}`,
    maxLength: 100,
  },
];

/** The acceptor deal form (/rechargeMoney?id&current): buy CNY-priced crypto (0) or sell it for CNY (1). */
export default function RechargeMoneyPage() {
  const { t } = useTranslation('acceptor');
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const direction = directionOf(params.get('current'));
  const info = useAcceptorInfo(id);

  const switchTo = (next: Direction) =>
    setParams({ id: String(id ?? ''), current: String(currentOf(next)) }, { replace: true });

  return (
    <AcceptorFrame active={null} title={t('deal.title')}>
      {id === null ? (
        <div className="panel empty">{t('deal.noAcceptor')}</div>
      ) : info.isPending ? (
        <Spinner />
      ) : !info.data ? (
        <LoadFailed className="panel empty" message={t('loadError')} onRetry={() => void info.refetch()} />
      ) : (
        <div className="acc-deal-grid">
          <AcceptorCard info={info.data} direction={direction} />
          <section className="panel" data-testid="acceptor-deal">
            <Tabs
              className="tabs acc-deal-tabs"
              items={['buy', 'sell'] as const}
              value={direction}
              onChange={switchTo}
              label={(item) => t(`deal.tab.${item}`)}
              testId={(item) => `acc-deal-tab-${item}`}
            />
            <DealFormView key={direction} info={info.data} direction={direction} />
          </section>
        </div>
      )}
    </AcceptorFrame>
  );
}

/** Who the acceptor is, its rate and quota for this direction, and where a depositor pays it. */
function AcceptorCard({ info, direction }: { info: AcceptorInfo; direction: Direction }) {
  const { t } = useTranslation('acceptor');
  const rate = direction === 'buy' ? info.recharge_rate : info.cash_rate;
  const quota = direction === 'buy' ? info.recharge_amount : info.cash_amount;
  const rows: [string, string][] = [
    [t('card.rate', { coin: info.currency_name }), `${formatFixed(rate, 4)} CNY`],
    [t('card.quota'), `${formatFixed(quota, 2)} CNY`],
    [t('card.balance', { coin: info.currency_name }), formatFixed(info.user_balance, 8)],
  ];
  const accounts: [string, string][] = [
    [t('way.we_chat'), [info.wechat_nickname, info.wechat_account].filter(Boolean).join(' · ')],
    [t('way.ali_pay'), [info.ali_nickname, info.ali_account].filter(Boolean).join(' · ')],
    [t('way.bank'), [info.bank_name, info.bank_account, info.bank_address].filter(Boolean).join(' · ')],
  ];
  return (
    <section className="panel" data-testid="acceptor-card">
      <header className="panel-header">
        <span>{info.name}</span>
        <span className="badge">{info.currency_name}</span>
      </header>
      <div className="panel-body">
        <SummaryList
          className="acc-summary"
          rows={rows.map(([label, value]) => ({ label, value, className: 'num' }))}
        />
        {direction === 'buy' && (
          <>
            <h4 className="acc-sub">{t('card.payTo')}</h4>
            <SummaryList
              className="acc-summary"
              testId="acceptor-accounts"
              rows={accounts.filter(([, value]) => value).map(([label, value]) => ({ label, value }))}
            />
          </>
        )}
        <p className="muted acc-note">{t(`card.note.${direction}`)}</p>
      </div>
    </section>
  );
}

function DealFormView({ info, direction }: { info: AcceptorInfo; direction: Direction }) {
  const { t } = useTranslation('acceptor');
  const navigate = useNavigate();
  const refresh = useRefreshAcceptor();
  const [form, setForm] = useState<DealForm>(EMPTY);
  const [problem, setProblem] = useState<DealProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const rate = direction === 'buy' ? info.recharge_rate : info.cash_rate;
  const coins = dealCoins(form.money, rate, direction);

  const set = (field: keyof DealForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblem(null);
  };

  const send = async (password?: string) => {
    const message = await openDeal({
      acceptor_id: info.id,
      type: direction,
      mobile: form.mobile.trim(),
      deal_account: form.deal_account.trim(),
      money: form.money.trim(),
      way: form.way,
      ...(password ? { password } : {}),
    });
    toast(message || t('deal.done'), 'success');
    await refresh();
    void navigate(`/chargeRecord?current=${currentOf(direction)}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = dealProblem(form);
    setProblem(found);
    if (found) {
      toast(t(`deal.problem.${found}`), 'error');
      document.getElementById(FIELD_OF[found])?.focus();
      return;
    }
    // A withdrawal takes the user's coins at once: the trade password confirms it.
    if (direction === 'sell') return setAsking(true);
    setBusy(true);
    try {
      await send();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  const invalid = (key: DealProblem) => (problem === key ? 'has-error' : undefined);
  return (
    <>
      <form className="panel-body" onSubmit={(event) => void submit(event)} noValidate>
        {TEXT_FIELDS.map(({ field, problem: key, label, ...box }) => (
          <Field key={field} label={t(label(direction))} htmlFor={FIELD_OF[key]} className={invalid(key)}>
            <input
              id={FIELD_OF[key]}
              className="input"
              {...box}
              value={form[field]}
              placeholder={t(`deal.problem.${key}`)}
              onChange={(event) => set(field, event.target.value)}
              data-testid={FIELD_OF[key]}
            />
          </Field>
        ))}
        <Field label={t('deal.money')} htmlFor="acc-money" className={invalid('amount')}>
          <AmountInput
            id="acc-money"
            value={form.money}
            placeholder={t('deal.problem.amount')}
            onChange={(money) => set('money', money)}
            testId="acc-money"
            unit="CNY"
          />
          <span className="muted num" data-testid="acc-coins">
            {t(`deal.coins.${direction}`, { amount: coins ?? '--', coin: info.currency_name })}
          </span>
        </Field>
        <div className={invalid('way') ? 'field has-error' : 'field'}>
          <span className="field-label">{t(`deal.way.${direction}`)}</span>
          <PayWayRadios
            className="acc-radios"
            id="acc-way"
            value={form.way}
            onChange={(way) => set('way', way)}
            labelOf={(way) => t(`way.${way}`)}
          />
        </div>
        <SubmitButton
          testId="acc-submit"
          busy={busy}
          className={`btn btn-block ${direction === 'buy' ? 'btn-buy' : 'btn-sell'}`}
          label={t(`deal.submit.${direction}`)}
        />
      </form>
      {asking && (
        <PasswordDialog
          title={t('deal.submit.sell')}
          text={t('deal.confirmSell', { money: form.money, coins: coins ?? '--', coin: info.currency_name })}
          onClose={() => setAsking(false)}
          onSubmit={send}
        />
      )}
    </>
  );
}
