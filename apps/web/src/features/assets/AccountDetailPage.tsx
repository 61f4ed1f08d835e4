import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { WalletDetail } from '@exchange/contracts';
import { useAccountLogPages, useWalletDetail } from '../../api/wallet';
import {
  accountOfPath,
  DETAIL_PATH,
  formatBalance,
  LIST_PATH,
  toBalanceRow,
  valuation,
  type Account,
} from './assets';
import { AssetsLayout } from './AssetsLayout';
import { logColumns } from './record-columns';
import { Loaded, PagedTable } from './States';

const TRANSFER_PATH: Record<Account, string> = {
  change: '/transfer',
  lever: '/transferLever',
  legal: '/transferLegal',
  micro: '/transfermicro',
};

/** Available, frozen and their value in USDT and CNY (document 2, section 2). */
function DetailSummary({ account, currency }: { account: Account; currency: number }) {
  const detail = useWalletDetail(currency, account);
  return (
    <Loaded query={detail}>
      {(data) => <DetailFigures account={account} currency={currency} detail={data} />}
    </Loaded>
  );
}

function DetailFigures({
  account,
  currency,
  detail,
}: {
  account: Account;
  currency: number;
  detail: WalletDetail;
}) {
  const { t } = useTranslation('assets');
  const row = toBalanceRow(detail, account);
  const value = valuation(row.valueUsdt, detail.ExRate);
  return (
    <section className="panel detail-summary" data-testid="detail-summary">
      <header className="panel-header">
        <span data-testid="detail-title">
          {row.name} · {t(`accounts.${account}`)}
        </span>
        <Link to={`${TRANSFER_PATH[account]}?id=${currency}`} className="btn btn-primary btn-sm">
          {t('action.transfer')}
        </Link>
      </header>
      <div className="detail-figures">
        {(
          [
            ['table.available', formatBalance(row.available), 'detail-available'],
            ['table.frozen', formatBalance(row.frozen), 'detail-frozen'],
            ['detail.converted', `${value.usdt} USDT`, 'detail-value'],
          ] as const
        ).map(([label, figure, testId]) => (
          <div className="detail-figure" key={testId}>
            <span className="muted">{t(label)}</span>
            <strong className="num" data-testid={testId}>
              {figure}
            </strong>
            {testId === 'detail-value' && <span className="secondary num">≈ ¥{value.cny} CNY</span>}
          </div>
        ))}
      </div>
    </section>
  );
}

/** The account's log of this coin, newest first, with "load more" (document 2, section 4). */
function DetailLog({ account, currency }: { account: Account; currency: number }) {
  const { t } = useTranslation('assets');
  const log = useAccountLogPages(account, currency);
  return (
    <section className="panel" data-testid="detail-log">
      <header className="panel-header">{t('detail.log')}</header>
      <PagedTable
        query={log}
        rowsOf={(page) => page.list}
        columns={logColumns(t, { valueTestId: 'detail-log-value', withCoin: false, withAccount: false })}
        rowKey={(row) => row.id}
        rowTestId="detail-log-row"
      />
    </section>
  );
}

/**
 * An account's detail for one coin (query currency_id): `/legalAccount` (lever), `/microAccount` (options),
 * `/dealAccount` (fiat) and `/changeAccount` (the currency account's record).
 */
export default function AccountDetailPage() {
  const { t } = useTranslation('assets');
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const account = accountOfPath(pathname, DETAIL_PATH) ?? 'change';
  const id = Number(params.get('currency_id'));
  const currency = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <AssetsLayout testId={`detail-${account}`}>
      <Link to={LIST_PATH[account]} className="btn-link assets-back">
        ← {t(`accounts.${account}`)}
      </Link>
      {currency === null ? (
        <div className="panel empty">{t('detail.noCoin')}</div>
      ) : (
        <>
          <DetailSummary account={account} currency={currency} />
          <DetailLog account={account} currency={currency} />
        </>
      )}
    </AssetsLayout>
  );
}
