import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { TextFields } from '../../components/TextField';
import { toast } from '../../lib/notify';
import { bindPartner, useBinding, useRefreshPoints } from './api';
import './points.css';

/** Document 3, section 5: account and password, each required and at most 20 characters. */
const MAX_LENGTH = 20;
const BACK_DELAY_MS = 1_000;

/** `/bindInfo` (document 3, section 2): binds the partner account the points exchange pays into. */
export default function BindPartnerPage() {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const binding = useBinding();
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

  let current;
  if (binding.isPending) current = <Spinner />;
  else if (binding.isError) current = <div className="empty">{t('bind.loadError')}</div>;
  else
    current = (
      <div className="points-bound" data-testid="bind-current">
        <span className="muted">{t('bind.current')}</span>
        <span>{binding.data.user_name || t('bind.none')}</span>
      </div>
    );

  return (
    <div className="container points-page points-bind-page">
      <h1 className="points-title">{t('bind.title')}</h1>
      <section className="panel points-panel">
        {current}
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
      </section>
    </div>
  );
}
