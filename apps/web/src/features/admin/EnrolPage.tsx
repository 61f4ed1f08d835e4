import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminApi } from './api';
import { TextField } from './forms';
import { Section } from './parts';

interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

/** Two-factor enrolment: the server's QR code (and key), then one code from the app turns it on. */
export default function EnrolPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const run = async (step: () => Promise<void>) => {
    setError('');
    try {
      await step();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <Section title={t('enrol.title')} testId="admin-enrol">
      <p className="admin-note">{t('enrol.intro')}</p>
      {!enrolment ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="admin-enrol-start"
          onClick={() => void run(async () => setEnrolment(await adminApi.post<Enrolment>('totp/setup')))}
        >
          {t('enrol.start')}
        </button>
      ) : (
        <div className="admin-stack">
          <img
            className="admin-qr"
            src={enrolment.qr}
            alt="QR"
            width={220}
            height={220}
            data-testid="admin-qr"
          />
          <div>
            <div className="field-label">{t('enrol.secret')}</div>
            <div className="admin-secret" data-testid="admin-secret">
              {enrolment.secret}
            </div>
          </div>
          <TextField
            label={t('totpCode')}
            testId="admin-enrol-code"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
          />
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="admin-enrol-confirm"
            onClick={() =>
              void run(async () => {
                await adminApi.post('totp/confirm', { code });
                await client.invalidateQueries({ queryKey: ['admin', 'me'] });
                void navigate('/admin');
              })
            }
          >
            {t('enrol.confirm')}
          </button>
        </div>
      )}
      {error && (
        <div className="field-error" data-testid="admin-enrol-error">
          {error}
        </div>
      )}
    </Section>
  );
}
