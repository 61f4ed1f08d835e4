import { SubmitButton } from '../../components/SubmitButton';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { TextFields } from '../../components/TextField';
import { submitRealName, useUserCenter, type RealNameInput } from './api';
import { useRequiredFields, useSave } from './forms';
import { ImageUpload } from './ImageUpload';
import { toast } from '../../lib/notify';

type IdentityField = keyof RealNameInput;

const PHOTO_FIELDS = ['front_pic', 'reverse_pic', 'hand_pic'] as const;

/** Name, ID number and all three pictures are required (document 1, section 5); the first missing one. */
export function firstMissingIdentityField(input: RealNameInput): IdentityField | null {
  const order: IdentityField[] = ['name', 'card_id', ...PHOTO_FIELDS];
  return order.find((field) => !input[field].trim()) ?? null;
}

/** Masks all but the first and last character of a name: 张** / A***e. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

function IdentityForm() {
  const { t } = useTranslation('account');
  const { form, set, missing, flagMissing } = useRequiredFields<RealNameInput>(() => ({
    name: '',
    card_id: '',
    front_pic: '',
    reverse_pic: '',
    hand_pic: '',
  }));
  const mutation = useSave(
    () => submitRealName({ ...form, name: form.name.trim(), card_id: form.card_id.trim() }),
    t('identity.submitted'),
    ['user'],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const field = firstMissingIdentityField(form);
    if (field) {
      const typed = field === 'name' || field === 'card_id';
      return flagMissing(field, t(`identity.required.${field}`), typed ? `identity-${field}` : undefined);
    }
    if (new Set(PHOTO_FIELDS.map((photo) => form[photo])).size < PHOTO_FIELDS.length) {
      toast(t('identity.required.different'), 'error');
      return;
    }
    mutation.mutate();
  };

  return (
    <form className="panel-body identity-form" onSubmit={submit} noValidate>
      <p className="muted account-intro">{t('identity.intro')}</p>
      <div className="form-grid">
        <TextFields
          idPrefix="identity"
          fields={[
            {
              name: 'name',
              label: t('identity.name'),
              placeholder: t('identity.namePlaceholder'),
              maxLength: 100,
              autoComplete: 'name',
            },
            {
              name: 'card_id',
              label: t('identity.cardId'),
              placeholder: t('identity.cardIdPlaceholder'),
              testId: 'identity-card-id',
              inputClassName: 'input num',
              maxLength: 64,
            },
          ]}
          values={form}
          onChange={set}
          missing={missing}
        />
      </div>
      <div className="field-label identity-photos-label">{t('identity.photos')}</div>
      <div className="identity-photos">
        {PHOTO_FIELDS.map((field) => (
          <ImageUpload
            key={field}
            label={t(`identity.photo.${field}`)}
            value={form[field]}
            onChange={(url) => set(field, url)}
            invalid={missing === field}
            testId={`identity-${field}`}
          />
        ))}
      </div>
      <ul className="identity-tips muted">
        <li>{t('identity.tipClear')}</li>
        <li>{t('identity.tipFormat')}</li>
      </ul>
      <div className="form-actions">
        <SubmitButton testId="identity-submit" busy={mutation.isPending} label={t('common:action.submit')} />
      </div>
    </form>
  );
}

/** Identity verification: the form (0), under review (1) or certified (2), from `GET /api/user/center`. */
export function IdentityView() {
  const { t } = useTranslation('account');
  const center = useUserCenter();

  let body;
  if (center.isPending) body = <Spinner />;
  else if (!center.data) body = <div className="empty">{t('loadFailed')}</div>;
  else if (center.data.review_status === 0) body = <IdentityForm />;
  else {
    const certified = center.data.review_status === 2;
    body = (
      <div className="panel-body identity-result">
        <div className={`identity-badge${certified ? ' certified' : ''}`} aria-hidden="true">
          {certified ? '✓' : '…'}
        </div>
        <h2>{certified ? t('identity.certified') : t('identity.auditing')}</h2>
        <p className="muted">{certified ? t('identity.certifiedText') : t('identity.auditingText')}</p>
        <dl className="identity-facts">
          <div>
            <dt className="muted">{t('identity.name')}</dt>
            <dd data-testid="identity-masked-name">{maskName(center.data.name)}</dd>
          </div>
          <div>
            <dt className="muted">{t('identity.cardId')}</dt>
            <dd className="num" data-testid="identity-masked-card">
              {center.data.card_id}
            </dd>
          </div>
        </dl>
      </div>
    );
  }

  const status = center.data?.review_status;
  return (
    <section className="panel" data-testid="identity-page">
      <header className="panel-header">
        <span>{t('identity.title')}</span>
        {status !== undefined && (
          <span
            className={`badge${status === 2 ? ' badge-up' : ''}`}
            data-testid="identity-status"
            data-status={status}
          >
            {status === 2
              ? t('identity.certified')
              : status === 1
                ? t('identity.auditing')
                : t('identity.notSubmitted')}
          </span>
        )}
      </header>
      {body}
    </section>
  );
}
