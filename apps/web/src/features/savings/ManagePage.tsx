import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AmountAllField } from '../../components/AmountAllField';
import { PasswordDialog } from '../../components/PasswordDialog';
import { Spinner } from '../../components/States';
import { toast } from '../../lib/notify';
import { submitDeposit, useDepositCoins, usePlans, useRefreshSavings, type SavingsPlan } from './api';
import { termInterest, validateDeposit } from './savings-math';
import './savings.css';

const AFTER_DEPOSIT_MS = 1_000;

/**
 * `manage` (document 3, sections 2 and 5): choose a plan (term and rate), enter an amount from the spot
 * balance, see the interest of the term, and deposit behind the trade password.
 */
export default function ManagePage() {
  const { t } = useTranslation('savings');
  const plans = usePlans();
  const coins = useDepositCoins();

  let body;
  if (plans.isPending || coins.isPending) body = <Spinner />;
  else if (plans.isError || coins.isError)
    body = (
      <div className="empty">
        {t('loadError')}
        <div>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => void Promise.all([plans.refetch(), coins.refetch()])}
          >
            {t('retry')}
          </button>
        </div>
      </div>
    );
  else if (plans.data.length === 0) body = <div className="empty">{t('noPlans')}</div>;
  else body = <DepositForm plans={plans.data} balances={coins.data} />;

  return (
    <div className="container savings-page" data-testid="savings-page">
      <div className="savings-head">
        <h1 className="savings-title">{t('title')}</h1>
        <Link className="btn btn-sm btn-ghost" to="/manageList" data-testid="savings-my">
          {t('myDeposits')}
        </Link>
      </div>
      {body}
    </div>
  );
}

function DepositForm({
  plans,
  balances,
}: {
  plans: SavingsPlan[];
  balances: { currency: number; change_balance: string; decimal_scale: number }[];
}) {
  const { t } = useTranslation('savings');
  const navigate = useNavigate();
  const refresh = useRefreshSavings();
  const [planId, setPlanId] = useState(plans[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [asking, setAsking] = useState(false);
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  if (!plan) return null;
  const coin = balances.find((balance) => balance.currency === plan.currency_id);
  const available = coin?.change_balance ?? '0';
  const decimals = coin?.decimal_scale ?? 8;
  const interest = termInterest(amount, plan.rate, decimals);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDeposit(amount, plan, available);
    if (problem) {
      toast(t(`form.${problem}`, { min: plan.save_min, coin: plan.currency_name }), 'error');
      return;
    }
    setAsking(true);
  };

  const deposit = async (password: string) => {
    const message = await submitDeposit({
      set_id: plan.id,
      currency_id: plan.currency_id,
      balance: amount,
      password,
    });
    toast(message, 'success');
    setAmount('');
    refresh();
    setTimeout(() => void navigate('/manageList'), AFTER_DEPOSIT_MS);
  };

  return (
    <section className="panel savings-panel">
      <div className="savings-plans" role="radiogroup" aria-label={t('form.plan')}>
        {plans.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            role="radio"
            aria-checked={candidate.id === plan.id}
            className={`savings-plan${candidate.id === plan.id ? ' active' : ''}`}
            onClick={() => {
              setPlanId(candidate.id);
              setAmount('');
            }}
            data-testid={`savings-plan-${candidate.id}`}
          >
            <span className="savings-plan-coin">{candidate.currency_name}</span>
            <span className="savings-plan-rate num">{candidate.rate}%</span>
            <span className="muted">{t('plan.days', { day: candidate.day })}</span>
            <span className="muted">{t('plan.min', { min: candidate.save_min })}</span>
          </button>
        ))}
      </div>
      <form className="savings-form" onSubmit={submit} noValidate>
        <AmountAllField
          id="savings-amount"
          label={t('form.amount', { coin: plan.currency_name })}
          value={amount}
          onChange={setAmount}
          decimals={decimals}
          placeholder={t('form.placeholder', { min: plan.save_min })}
          all={available}
          allLabel={t('form.all')}
        />
        <div className="savings-summary">
          <span className="muted">{t('form.available')}</span>
          <span className="num" data-testid="savings-available">
            {available} {plan.currency_name}
          </span>
          <span className="muted">{t('form.term')}</span>
          <span className="num">{t('plan.days', { day: plan.day })}</span>
          <span className="muted">{t('form.interest')}</span>
          <span className="num" data-testid="savings-interest">
            {interest ? `${interest} ${plan.currency_name}` : '--'}
          </span>
        </div>
        <p className="muted savings-note">{t('form.note')}</p>
        <button type="submit" className="btn btn-primary btn-block" data-testid="savings-submit">
          {t('form.deposit')}
        </button>
      </form>
      {asking && (
        <PasswordDialog
          title={t('form.deposit')}
          text={t('form.confirm', { amount, coin: plan.currency_name, day: plan.day })}
          onSubmit={deposit}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
