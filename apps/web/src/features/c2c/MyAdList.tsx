import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { PasswordDialog } from '../../components/PasswordDialog';
import { figureColumn } from '../../components/tableColumns';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { toggleShelves, useMyAds, useRefreshC2c, withdrawAd, type P2pAd } from './api';
import { AdLimits, PagedListEnd, PayWay } from './parts';
import { AMOUNT_DECIMALS, PRICE_DECIMALS, type AdType, type Kind } from './rules';

/** My ads of one side and currency: remaining quantity, price, payment; see orders, withdraw, and for a shop ad its shelf. */
export function MyAdList({ kind, type, currencyId }: { kind: Kind; type: AdType; currencyId: number }) {
  const { t } = useTranslation('c2c');
  const ads = useMyAds(kind, type, currencyId);
  const [shelving, setShelving] = useState<number | null>(null);
  const refresh = useRefreshC2c();
  const [withdrawing, setWithdrawing] = useState<P2pAd | null>(null);
  const rows = ads.data?.pages.flatMap((page) => page.data) ?? [];

  const toggleShelf = (id: number) => {
    setShelving(id);
    void toggleShelves(id)
      .then((message) => toast(message, 'success'))
      .catch(() => undefined)
      .finally(() => {
        setShelving(null);
        void refresh();
      });
  };

  return (
    <section className="panel" data-testid={`${kind}-my-ads-${type}`}>
      <header className="panel-header">
        <span className={type === 'buy' ? 'up' : 'down'}>{t(`ads.list.${type}`)}</span>
      </header>
      <DataTable
        className="table c2c-table"
        columns={[
          figureColumn<P2pAd>(t('ads.col.quantity'), (ad) => (
            <>
              {formatFixed(ad.total_number, AMOUNT_DECIMALS)}
              {kind === 'shop' && <AdLimits ad={ad} decimals={AMOUNT_DECIMALS} />}
              {ad.surplus_number !== undefined && (
                <div className="muted c2c-sub">
                  {t('ads.left', { amount: formatFixed(ad.surplus_number, AMOUNT_DECIMALS) })}
                </div>
              )}
            </>
          )),
          figureColumn<P2pAd>(
            t('ads.col.price'),
            (ad) => `${formatFixed(ad.price, PRICE_DECIMALS)} ${ad.coin_code}`,
          ),
          { header: t('ads.col.way'), cell: (ad) => <PayWay way={ad.way} showName={false} /> },
          {
            header: t('market.col.action'),
            align: 'right',
            className: 'c2c-row-actions',
            cell: (ad) => (
              <>
                <Link
                  to={`/c2cDetail?id=${ad.id}${kind === 'shop' ? '&kind=shop' : ''}`}
                  className="btn btn-sm btn-ghost"
                  data-testid="c2c-ad-orders"
                >
                  {t('ads.orders')}
                </Link>
                {kind === 'shop' && (
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    disabled={shelving === ad.id}
                    onClick={() => toggleShelf(ad.id)}
                    data-testid="shop-ad-shelves"
                  >
                    {ad.is_shelves === 0 ? t('shop.shelveOn') : t('shop.shelveOff')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() => setWithdrawing(ad)}
                  data-testid="c2c-ad-withdraw"
                >
                  {t('ads.withdraw')}
                </button>
              </>
            ),
          },
        ]}
        rows={rows}
        rowKey={(ad) => ad.id}
        rowProps={(ad) => ({ 'data-testid': 'c2c-my-ad', 'data-id': ad.id })}
      />
      <PagedListEnd pages={ads} shown={rows.length} emptyText={t('ads.empty')} />
      {withdrawing && (
        <PasswordDialog
          title={t('ads.withdrawTitle')}
          text={t('ads.withdrawText', {
            quantity: formatFixed(withdrawing.total_number, AMOUNT_DECIMALS),
            coin: withdrawing.currency_name,
            price: formatFixed(withdrawing.price, PRICE_DECIMALS),
            fiat: withdrawing.coin_code,
          })}
          onClose={() => setWithdrawing(null)}
          onSubmit={async (password) => {
            toast(await withdrawAd(kind, withdrawing.id, password), 'success');
            await refresh();
          }}
        />
      )}
    </section>
  );
}
