import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { toast } from '../../lib/notify';
import { AccountLogTable } from './AccountLogTable';
import { AccountSummary } from './AccountSummary';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import {
  accountOfPath,
  accountRows,
  DETAIL_PATH,
  LIST_PATH,
  visibleRows,
  type Account,
  type BalanceRow,
} from './assets';
import { AssetsLayout } from './AssetsLayout';
import { BalanceTable, type BalanceTableIds } from './BalanceTable';
import { DepositPanel } from './DepositPanel';
import { Loaded } from './States';
import { WithdrawPanel } from './WithdrawPanel';
import { RowLinks } from './AccountPage';

/** Test ids per account; the lever and options ones are the ones their own screens' tests already read. */
const TABLE_IDS: Record<Account, BalanceTableIds & { panel: string }> = {
  change: {
    panel: 'change-balances',
    row: 'assets-row',
    available: 'assets-available',
    frozen: 'assets-frozen',
  },
  lever: {
    panel: 'lever-balances',
    row: 'lever-assets-row',
    available: 'lever-assets-available',
    frozen: 'lever-assets-frozen',
  },
  legal: {
    panel: 'legal-balances',
    row: 'legal-assets-row',
    available: 'legal-assets-available',
    frozen: 'legal-assets-frozen',
  },
  micro: {
    panel: 'micro-account',
    row: 'micro-account-row',
    available: 'micro-account-available',
    frozen: 'micro-account-frozen',
  },
};

/** Where each account's transfer action leads (document 2, section 2): the pair page of that account. */
const TRANSFER_PATH: Record<Account, string> = {
  change: '/transferLegal',
  lever: '/transferLever',
  legal: '/transferLegal',
  micro: '/transfermicro',
};

type Opened = { currency: number; panel: 'deposit' | 'withdraw' } | null;

/** The currency account's actions: deposit and withdraw panels (one open at a time), records, transfer. */
function CurrencyActions({
  row,
  wallets,
  opened,
  onToggle,
}: {
  row: BalanceRow;
  wallets: WalletList;
  opened: Opened;
  onToggle: (panel: 'deposit' | 'withdraw') => void;
}) {
  const { t } = useTranslation('assets');
  const inLegal = wallets.legal_wallet.balance.some((item) => item.currency === row.currency);
  const toggle = (panel: 'deposit' | 'withdraw') => {
    // Document 2, section 4: deposits and withdrawals are refused unless is_open_CTbi is 1.
    if (wallets.is_open_CTbi !== 1) toast(t('noOpen'), 'error');
    else onToggle(panel);
  };
  const isOpen = (panel: 'deposit' | 'withdraw') =>
    opened?.currency === row.currency && opened.panel === panel;
  return (
    <>
      {(['deposit', 'withdraw'] as const).map((panel) => (
        <button
          key={panel}
          type="button"
          className={`btn-link row-action${isOpen(panel) ? ' active' : ''}`}
          aria-expanded={isOpen(panel)}
          data-testid={`assets-${panel}`}
          onClick={() => toggle(panel)}
        >
          {t(`action.${panel}`)}
        </button>
      ))}
      <Link to={`/tbrec?currency_id=${row.currency}`} className="row-action" data-testid="assets-tbrec">
        {t('action.withdrawRecord')}
      </Link>
      <Link
        to={`${DETAIL_PATH.change}?currency_id=${row.currency}`}
        className="row-action"
        data-testid="assets-record"
      >
        {t('action.record')}
      </Link>
      <Link
        to={`${inLegal ? '/transferLegal' : '/transfer'}?id=${row.currency}`}
        className="row-action"
        data-testid="assets-transfer"
      >
        {t('action.transfer')}
      </Link>
    </>
  );
}

function AccountList({ account, wallets }: { account: Account; wallets: WalletList }) {
  const { t } = useTranslation('assets');
  const [hidden, setHidden] = useState(false);
  const [hideZero, setHideZero] = useState(false);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<Opened>(null);
  const rows = useMemo(() => accountRows(wallets, account), [wallets, account]);
  const shown = visibleRows(rows, { hideZero, search });
  const ids = TABLE_IDS[account];

  const panelOf = (row: BalanceRow) => {
    if (account !== 'change' || opened?.currency !== row.currency) return null;
    return opened.panel === 'deposit' ? (
      <DepositPanel currency={row.currency} name={row.name} />
    ) : (
      <WithdrawPanel currency={row.currency} name={row.name} available={row.available.toFixed()} />
    );
  };

  return (
    <>
      <AccountSummary
        wallets={wallets}
        account={account}
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
      />
      <section className="panel" data-testid={ids.panel}>
        <header className="panel-header assets-table-header">
          <span>{t(`accounts.${account}`)}</span>
          <div className="assets-tools">
            {account === 'lever' && (
              // The contract account's older pages: its management and its finance record.
              <span className="assets-account-links">
                <Link to="/lever_manger" className="btn-link" data-testid="lever-manger-link">
                  {t('pages.mangerTitle')}
                </Link>
                <Link to="/finanrec" className="btn-link" data-testid="lever-finanrec-link">
                  {t('pages.financeRecord')}
                </Link>
              </span>
            )}
            <input
              className="input assets-search"
              value={search}
              placeholder={t('table.search')}
              aria-label={t('table.search')}
              data-testid="assets-search"
              onChange={(event) => setSearch(event.target.value)}
            />
            <label className="checkbox assets-hide-zero">
              <input
                type="checkbox"
                checked={hideZero}
                data-testid="assets-hide-zero"
                onChange={(event) => setHideZero(event.target.checked)}
              />
              <span>{t('table.hideZero')}</span>
            </label>
          </div>
        </header>
        <BalanceTable
          rows={shown}
          hidden={hidden}
          ids={ids}
          empty={search || hideZero ? t('table.noMatch') : undefined}
          expanded={panelOf}
          actions={(row) =>
            account === 'change' ? (
              <CurrencyActions
                row={row}
                wallets={wallets}
                opened={opened}
                onToggle={(panel) =>
                  setOpened((current) =>
                    current?.currency === row.currency && current.panel === panel
                      ? null
                      : { currency: row.currency, panel },
                  )
                }
              />
            ) : (
              <RowLinks
                links={[
                  {
                    to: `${DETAIL_PATH[account]}?currency_id=${row.currency}`,
                    label: t('action.record'),
                    testId: `${account}-record`,
                  },
                  {
                    to: `${TRANSFER_PATH[account]}?id=${row.currency}`,
                    label: t('action.transfer'),
                    testId: `${account}-transfer`,
                  },
                ]}
              />
            )
          }
        />
      </section>
    </>
  );
}

/**
 * The account lists of the assets container (document 2, section 2): `/dealFinance` (currency account, with
 * deposit and withdraw panels), `/finance` (lever), `/legal` (fiat) and `/micro`. The older `?tab=` links
 * of `/dealFinance` still land: `log` is the account log of every account.
 */
export default function AssetsPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const wallets = useWalletList();
  const tab = params.get('tab');
  if (pathname === LIST_PATH.change && (tab === 'lever' || tab === 'micro'))
    return <Navigate to={tab === 'lever' ? LIST_PATH.lever : LIST_PATH.micro} replace />;
  const account = accountOfPath(pathname, LIST_PATH) ?? 'change';

  const body =
    tab === 'log' && account === 'change' ? (
      <AccountLogTable />
    ) : (
      <Loaded query={wallets}>{(data) => <AccountList account={account} wallets={data} />}</Loaded>
    );
  return <AssetsLayout testId={`assets-${account}`}>{body}</AssetsLayout>;
}
