import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAction } from './api';
import { Form, TextField } from './forms';

/**
 * Support approves a user as a seller of USDT under a shop name, with the reason given above the form. On a
 * user's own page the user is known; on the shops screen support types the user's id.
 */
export function ApproveSellerForm({
  userId,
  reason,
  className,
}: {
  userId?: number;
  reason: string;
  className: string;
}) {
  const { t } = useTranslation('admin');
  const approve = useAdminAction('sellers/approve');
  const [typedId, setTypedId] = useState('');
  const [name, setName] = useState('');
  return (
    <Form
      className={className}
      onSubmit={() => approve.mutate({ id: userId ?? typedId, currency: 'USDT', name, reason })}
    >
      {userId === undefined && (
        <TextField
          label={t('sellers.userId')}
          testId="admin-seller-user"
          value={typedId}
          onChange={setTypedId}
        />
      )}
      <TextField label={t('person.shopName')} testId="admin-shop-name" value={name} onChange={setName} />
      <button
        type="submit"
        className="btn btn-primary"
        data-testid="admin-approve-seller"
        disabled={approve.isPending}
      >
        {t('person.approveSeller')}
      </button>
    </Form>
  );
}
