import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordDialog } from '../../components/PasswordDialog';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { toggleShelves, useMyAds, useRefreshC2c, withdrawAd, type P2pAd } from './api';
import { PagedListEnd, PayWay } from './parts';
import { AMOUNT_DECIMALS, PRICE_DECIMALS, type AdType, type Kind } from './rules';

/** My ads of one side and currency: remaining quantity, price, payment; see orders, withdraw, and for a shop ad its shelf. */
export function MyAdList({ kind, type, currencyId }: { kind: Kind; type: AdType; currencyId: number }) {
  const { t } = useTranslation('c2c');
  const ads = useMyAds(kind, type, currencyId);
  const [shelving, setShelving] = useState<number | null>(null);
  const refresh = useRefreshC2c();
  const [withdrawing, setWithdrawing] = useState<P2pAd | null>(null);
  const rows = ads.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className="panel" data-testid={`${kind}-my-ads-${type}`}>
      <header className="panel-header">
        <span className={type === 'buy' ? 'up' : 'down'}>{t(`ads.list.${type}`)}</span>
      </header>
      <table className="table c2c-table">
        <thead>
          <tr>
            <th className="right">{t('ads.col.quantity')}</th>
            <th className="right">{t('ads.col.price')}</th>
            <th>{t('ads.col.way')}</th>
            <th className="right">{t('market.col.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((ad) => (
            <tr key={ad.id} data-testid="c2c-my-ad" data-id={ad.id}>
              <td className="right num">
                {formatFixed(ad.total_number, AMOUNT_DECIMALS)}
                {kind === 'shop' && ad.min_number && ad.max_number && (
                  <div className="muted c2c-sub">
                    {t('shop.limits', {
                      min: formatFixed(ad.min_number, AMOUNT_DECIMALS),
                      max: formatFixed(ad.max_number, AMOUNT_DECIMALS),
                    })}
                  </div>
                )}
                {ad.surplus_number !== undefined && (
                  <div className="muted c2c-sub">
                    {t('ads.left', { amount: formatFixed(ad.surplus_number, AMOUNT_DECIMALS) })}
                  </div>
                )}
              </td>
              <td className="right num">
                {formatFixed(ad.price, PRICE_DECIMALS)} {ad.coin_code}
              </td>
              <td>
                <PayWay way={ad.way} showName={false} />
              </td>
              <td className="right c2c-row-actions">
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
                    onClick={() => {
                      setShelving(ad.id);
                      void toggleShelves(ad.id)
                        .then((message) => toast(message, 'success'))
                        .catch(() => undefined)
                        .finally(() => {
                          setShelving(null);
                          void refresh();
                        });
                    }}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
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
