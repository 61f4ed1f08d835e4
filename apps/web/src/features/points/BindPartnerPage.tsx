import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { TextFields } from '../../components/TextField';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { bindPartner, useBinding, useRefreshPoints, type JcBinding } from './api';
import './points.css';

/** Document 3, section 5: account and password, each required and at most 20 characters. */
const MAX_LENGTH = 20;
const BACK_DELAY_MS = 1_000;

/**
 * `/bindInfo` (document 3, section 2): binds the user's account at the partner platform the points come
 * from; the partner checks the login. Says how to sign in to the sandbox partner, and when no partner is
 * configured that the points exchange is closed.
 */
export default function BindPartnerPage() {
  const { t } = useTranslation('points');
  const binding = useBinding();

  let panel;
  if (binding.isPending) panel = <Spinner />;
  else if (binding.isError)
    panel = (
      <LoadFailed
        error={binding.error}
        message={t('bind.loadError')}
        onRetry={() => void binding.refetch()}
        testId="bind-error"
      />
    );
  else if (binding.data.partner === '')
    panel = (
      <div className="empty" data-testid="bind-closed">
        {t('closed')}
      </div>
    );
  else panel = <BindForm binding={binding.data} />;

  return (
    <div className="container points-page points-bind-page">
      <h1 className="points-title">{t('bind.title')}</h1>
      <section className="panel points-panel">{panel}</section>
    </div>
  );
}

function BindForm({ binding }: { binding: JcBinding }) {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const refresh = useRefreshPoints();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!account.trim()) return toast(t('bind.enterAccount'), 'error');
    if (!password) return toast(t('bind.enterPassword'), 'error');
    setBusy(true);
    try {
      toast(await bindPartner({ user_name: account.trim(), password }), 'success');
      setPassword('');
      refresh();
      setTimeout(() => void navigate('/integralExchanges'), BACK_DELAY_MS);
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="points-source" data-testid="bind-source">
        {t('bind.source', { partner: binding.partner })}
      </p>
      {binding.sandbox && (
        <p className="points-sandbox" data-testid="bind-sandbox">
          {t('bind.sandbox', {
            password: binding.sandbox.password,
            points: formatFixed(binding.sandbox.opening_points, 0),
          })}
        </p>
      )}
      <div className="points-bound" data-testid="bind-current">
        <span className="muted">{t('bind.current')}</span>
        <span>{binding.user_name || t('bind.none')}</span>
      </div>
      <form
        className="points-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="bind-form"
      >
        <TextFields
          idPrefix="bind"
          fields={[
            { name: 'account', label: t('bind.account'), placeholder: t('bind.enterAccount') },
            {
              name: 'password',
              label: t('bind.password'),
              placeholder: t('bind.enterPassword'),
              type: 'password',
            },
          ].map((field) => ({ ...field, maxLength: MAX_LENGTH, autoComplete: 'off' }))}
          values={{ account, password }}
          onChange={(field, value) => (field === 'account' ? setAccount : setPassword)(value)}
        />
        <SubmitButton testId="bind-submit" busy={busy} />
      </form>
    </>
  );
}
