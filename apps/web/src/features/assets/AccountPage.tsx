import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { WalletList } from '@exchange/contracts';
import { useWalletList } from '../../api/wallet';
import { accountRows, type Account, type BalanceRow } from './assets';
import { AccountSummary } from './AccountSummary';
import { AssetsLayout } from './AssetsLayout';
import { BalanceTable, type BalanceTableIds } from './BalanceTable';
import { Loaded } from './States';

export interface RowLink {
  to: string;
  label: ReactNode;
  testId: string;
}

/** A balance row's actions that lead to another page. */
export function RowLinks({ links }: { links: RowLink[] }) {
  return (
    <>
      {links.map((link) => (
        <Link key={link.testId} to={link.to} className="row-action" data-testid={link.testId}>
          {link.label}
        </Link>
      ))}
    </>
  );
}

interface AccountPageProps {
  account: Account;
  pageTestId: string;
  testId: string;
  title: ReactNode;
  ids: BalanceTableIds;
  /** Shown between the summary and the coins (the contract account's shortcuts). */
  before?: ReactNode;
  /** Shown under the panel's title. */
  hint?: ReactNode;
  links: (row: BalanceRow) => RowLink[];
}

function AccountCoins({ wallets, ...props }: AccountPageProps & { wallets: WalletList }) {
  const [hidden, setHidden] = useState(false);
  const rows = useMemo(() => accountRows(wallets, props.account), [wallets, props.account]);
  return (
    <>
      <AccountSummary
        wallets={wallets}
        account={props.account}
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
      />
      {props.before}
      <section className="panel" data-testid={props.testId}>
        <header className="panel-header">
          <span>{props.title}</span>
        </header>
        {props.hint}
        <BalanceTable
          rows={rows}
          hidden={hidden}
          ids={props.ids}
          actions={(row) => <RowLinks links={props.links(row)} />}
        />
      </section>
    </>
  );
}

/** The page of one account of the older variant: its summary and its coins, each with links onwards. */
export function AccountPage(props: AccountPageProps) {
  const wallets = useWalletList();
  return (
    <AssetsLayout testId={props.pageTestId}>
      <Loaded query={wallets}>{(data) => <AccountCoins {...props} wallets={data} />}</Loaded>
    </AssetsLayout>
  );
}
