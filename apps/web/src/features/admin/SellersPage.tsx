import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { CodeAndReason, formatTime, ListTable, QueryView, Section, TextField, useProof } from './parts';
import { useAcceptors, useSellers } from './users-api';
import './admin-users.css';

/** Shops: support approves a user as a seller of USDT or suspends a shop, with a reason. */
function Sellers({ canAct, reason }: { canAct: boolean; reason: string }) {
  const { t } = useTranslation('admin');
  const sellers = useSellers();
  const approve = useAdminAction('sellers/approve');
  const suspend = useAdminAction('sellers/suspend');
  const [userId, setUserId] = useState('');
  const [name, setName] = useState('');
  return (
    <Section title={t('sellers.title')} testId="admin-sellers">
      {canAct && (
        <form
          className="admin-form admin-section"
          onSubmit={(event) => {
            event.preventDefault();
            approve.mutate({ id: userId, currency: 'USDT', name, reason });
          }}
        >
          <TextField
            label={t('sellers.userId')}
            testId="admin-seller-user"
            value={userId}
            onChange={setUserId}
          />
          <TextField
            label={t('person.shopName')}
            testId="admin-seller-name"
            value={name}
            onChange={setName}
          />
          <button
            type="submit"
            className="btn btn-primary"
            data-testid="admin-seller-approve"
            disabled={approve.isPending}
          >
            {t('sellers.approve')}
          </button>
        </form>
      )}
      <QueryView query={sellers} isEmpty={(page) => page.list.length === 0}>
        {(page) => (
          <table className="table">
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('account')}</th>
                <th>{t('sellers.name')}</th>
                <th>{t('currency')}</th>
                <th>{t('status')}</th>
                <th>{t('time')}</th>
                {canAct && <th />}
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <tr key={row.id} data-testid="admin-seller-row">
                  <td className="num">{row.id}</td>
                  <td>{row.account}</td>
                  <td>{row.name}</td>
                  <td>{row.currency}</td>
                  <td className={row.status === 1 ? 'admin-ok' : 'admin-bad'}>
                    {row.status === 1 ? t('sellers.statusOn') : t('sellers.statusOff')}
                  </td>
                  <td className="secondary">{formatTime(row.created_at)}</td>
                  {canAct && (
                    <td>
                      {row.status === 1 && (
                        <button
                          type="button"
                          className="btn btn-sm btn-sell"
                          disabled={suspend.isPending}
                          onClick={() => suspend.mutate({ id: row.id, reason })}
                        >
                          {t('sellers.suspend')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </Section>
  );
}

/** Acceptors: finance approves a desk (rates and quotas) or suspends and resumes one, with a fresh code. */
function Acceptors({ canAct, reason, code }: { canAct: boolean; reason: string; code: string }) {
  const { t } = useTranslation('admin');
  const acceptors = useAcceptors();
  const approve = useAdminAction('acceptors/approve');
  const status = useAdminAction('acceptors/status');
  const [form, setForm] = useState({
    id: '',
    name: '',
    recharge_rate: '',
    cash_rate: '',
    recharge_amount: '',
    cash_amount: '',
  });
  const field = (key: keyof typeof form, label: string) => (
    <TextField
      label={label}
      testId={`admin-acceptor-${key}`}
      value={form[key]}
      onChange={(value) => setForm({ ...form, [key]: value })}
    />
  );
  return (
    <Section title={t('acceptors.title')} testId="admin-acceptors">
      {canAct && (
        <form
          className="admin-form admin-section"
          onSubmit={(event) => {
            event.preventDefault();
            approve.mutate({ ...form, reason, totp_code: code });
          }}
        >
          {field('id', t('sellers.userId'))}
          {field('name', t('sellers.name'))}
          {field('recharge_rate', t('acceptors.rechargeRate'))}
          {field('cash_rate', t('acceptors.cashRate'))}
          {field('recharge_amount', t('acceptors.rechargeAmount'))}
          {field('cash_amount', t('acceptors.cashAmount'))}
          <button type="submit" className="btn btn-primary" disabled={approve.isPending}>
            {t('acceptors.approve')}
          </button>
        </form>
      )}
      <ListTable
        query={acceptors}
        head={[
          'ID',
          t('account'),
          t('sellers.name'),
          t('acceptors.rechargeRate'),
          t('acceptors.cashRate'),
          t('acceptors.rechargeAmount'),
          t('acceptors.cashAmount'),
          t('status'),
          ...(canAct ? [''] : []),
        ]}
      >
        {(row) => (
          <tr key={row.id}>
            <td className="num">{row.id}</td>
            <td>{row.account}</td>
            <td>{row.name}</td>
            <td className="num">{row.recharge_rate}</td>
            <td className="num">{row.cash_rate}</td>
            <td className="num">{row.recharge_amount}</td>
            <td className="num">{row.cash_amount}</td>
            <td className={row.status === 1 ? 'admin-ok' : 'admin-bad'}>
              {row.status === 1 ? t('sellers.statusOn') : t('sellers.statusOff')}
            </td>
            {canAct && (
              <td>
                <button
                  type="button"
                  className={`btn btn-sm ${row.status === 1 ? 'btn-sell' : 'btn-buy'}`}
                  disabled={status.isPending}
                  onClick={() =>
                    status.mutate({ id: row.id, status: row.status === 1 ? 0 : 1, reason, totp_code: code })
                  }
                >
                  {row.status === 1 ? t('acceptors.suspend') : t('acceptors.resume')}
                </button>
              </td>
            )}
          </tr>
        )}
      </ListTable>
    </Section>
  );
}

/** P2P parties: the sellers (shops) and the acceptors, and who may approve them. */
export default function SellersPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const support = roleAtLeast(me.role, 'support');
  const finance = roleAtLeast(me.role, 'finance');
  const proof = useProof();
  return (
    <>
      <CodeAndReason
        canAct={support}
        title={t('person.codeAndReason')}
        codeLabel={t('person.codeLabel')}
        proof={proof}
      />
      <Sellers canAct={support} reason={proof.reason} />
      <Acceptors canAct={finance} reason={proof.reason} code={proof.code} />
    </>
  );
}
