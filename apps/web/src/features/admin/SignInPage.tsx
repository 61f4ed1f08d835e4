import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminApi, setAdminToken, type Me } from './api';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from './forms';
import { Section } from './parts';

/** Login, password and (once enrolled) the two-factor code; finance and admin go on to enrol first. */
export default function SignInPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [fields, setFields] = useState({ login: '', password: '', code: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const answer = await adminApi.post<Me & { token: string }>('login', fields);
      setAdminToken(answer.token);
      void navigate(answer.needs_enrolment ? '/admin/enrol' : '/admin');
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const input = (name: keyof typeof fields, type = 'text') => (
    <TextField
      label={t(`signIn.${name}`)}
      testId={`admin-${name}`}
      type={type}
      autoComplete={name === 'code' ? 'one-time-code' : name === 'password' ? 'current-password' : 'username'}
      value={fields[name]}
      onChange={(value) => setFields({ ...fields, [name]: value })}
    />
  );

  return (
    <Section title={t('signIn.title')} testId="admin-sign-in">
      <form className="admin-stack" onSubmit={(event) => void submit(event)}>
        {input('login')}
        {input('password', 'password')}
        {input('code')}
        <div className="admin-note">{t('signIn.codeHint')}</div>
        {error && (
          <div className="field-error" data-testid="admin-sign-in-error">
            {error}
          </div>
        )}
        <SubmitButton
          testId="admin-submit"
          className="btn btn-primary btn-block"
          busy={busy}
          label={t('signIn.submit')}
          busyLabel={t('signIn.submit')}
        />
      </form>
    </Section>
  );
}
