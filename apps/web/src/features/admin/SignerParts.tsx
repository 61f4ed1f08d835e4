import type { SignerNote } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useHotWallets, type DepositRow, type HotWalletRow, type WithdrawalRow } from './api';
import { ListSection, Verdict } from './list';

/** A hash or an address cut in the middle: both ends are what operators compare with an explorer. */
export const shortHex = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);

/** Where a withdrawal the signer pays got to: its state, its newest transaction and why it waits. */
export function SignerCell({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation('admin');
  const signer = row.signer;
  if (!signer)
    return <span className="secondary">{row.signable ? t('signer.canSign') : t('signer.byHand')}</span>;
  const bad = ['stuck', 'reverted', 'dropped'].includes(signer.state);
  return (
    <div className="admin-signer" data-testid="admin-signer" data-state={signer.state}>
      <Verdict good={!bad}>{t(`signer.state.${signer.state}`)}</Verdict>
      {signer.tx_hash && (
        <code className="num secondary" title={signer.tx_hash} data-testid="admin-signer-tx">
          {shortHex(signer.tx_hash)}
        </code>
      )}
      {signer.confirmations > 0 && (
        <span className="secondary" data-testid="admin-signer-confirmations">
          {t('signer.confirmations', { count: signer.confirmations })}
        </span>
      )}
      {signer.request && <span className="secondary">{t(`signer.requested.${signer.request}`)}</span>}
      {signer.note && <span className="secondary">{noteText(t, signer.note)}</span>}
    </div>
  );
}

function noteText(t: (key: string, values?: Record<string, string>) => string, note: SignerNote): string {
  switch (note.kind) {
    case 'funds':
      return t('signer.note.funds', { currency: note.currency, need: note.need, free: note.free });
    case 'fees':
      return t('signer.note.fees', { ceiling: note.ceiling_gwei });
    case 'node':
      return t('signer.note.node', { message: note.message });
    case 'asset':
      return t('signer.note.asset', { currency: note.currency });
    case 'key':
      return t('signer.note.key', { address: note.address });
  }
}

/** The hot wallets the signer pays from: each one's balances (and what approved withdrawals still need). */
export function HotWallets() {
  const { t } = useTranslation('admin');
  return (
    <ListSection
      title={t('signer.hotWallets')}
      sectionTestId="admin-hot-wallets"
      query={useHotWallets()}
      rowTestId="admin-hot-wallet-row"
      columns={[
        { header: t('signer.network'), cell: (row: HotWalletRow) => `${row.network} · ${row.chain_id}` },
        {
          header: t('money.address'),
          cell: (row) => <code title={row.address}>{shortHex(row.address)}</code>,
          className: 'secondary',
        },
        {
          header: t('signer.balances'),
          cell: (row) => (
            <div className="admin-signer">
              {row.balances.map((balance) => (
                <span key={balance.currency} className="num" data-testid="admin-hot-balance">
                  {balance.amount} {balance.currency}
                  {balance.waiting !== '0' && (
                    <span className="secondary"> {t('signer.waiting', { amount: balance.waiting })}</span>
                  )}
                </span>
              ))}
            </div>
          ),
        },
        { header: t('signer.nonce'), cell: (row) => row.next_nonce, className: 'num' },
        { header: t('signer.inFlight'), cell: (row) => row.in_flight, className: 'num' },
        { header: t('signer.head'), cell: (row) => row.head_height, className: 'num' },
        timeColumn<HotWalletRow>(t('signer.seen'), (row) => row.seen_at),
      ]}
    />
  );
}

/**
 * A deposit's chain state ('--' for one the watcher did not find: booked by hand, paid, funded); one replaced
 * by a reorganisation after it was credited stands out.
 */
export function ChainState({ row }: { row: DepositRow }) {
  const { t } = useTranslation('admin');
  if (!row.chain_state) return <span className="secondary">--</span>;
  if (row.chain_state === 'reorged')
    return (
      <span
        className="badge admin-reorg"
        data-testid="admin-deposit-reorged"
        title={t('signer.deposit.reorgedHelp')}
      >
        {t('signer.deposit.reorged')}
      </span>
    );
  return <Verdict good={row.chain_state === 'credited'}>{t(`signer.deposit.${row.chain_state}`)}</Verdict>;
}
