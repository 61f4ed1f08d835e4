import { LoadMore } from '../../components/LoadMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/States';
import { formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { useLegalCurrencies, useMarketAds, useRefreshC2c, type P2pAd } from './api';
import { C2cFrame } from './C2cFrame';
import { KindTabs, useKindParam } from './KindTabs';
import { TakeDialog } from './TakeDialog';
import { Avatar, CurrencyChips, ListState, PayWay } from './parts';
import { adTypeForTab, isAdType, PRICE_DECIMALS, type AdType, type Kind } from './rules';
import { Tabs } from '../../components/Tabs';

/** The P2P market (/c2c): Buy and Sell tabs, currency chips, the ads of the other side, take one. */
export default function C2cMarketPage() {
  const { t } = useTranslation('c2c');
  const [params, setParams] = useSearchParams();
  const kind = useKindParam();
  const tabParam = params.get('type');
  const tab: AdType = isAdType(tabParam) ? tabParam : 'buy';
  const currencies = useLegalCurrencies();
  const chosen = Number(params.get('currency_id')) || null;
  const currencyId =
    currencies.data?.find((currency) => currency.id === chosen)?.id ?? currencies.data?.[0]?.id ?? null;

  const choose = (next: { type?: AdType; currency?: number }) => {
    const currency = next.currency ?? currencyId;
    const query: Record<string, string> = { type: next.type ?? tab };
    if (kind === 'shop') query.kind = kind;
    if (currency !== null) query.currency_id = String(currency);
    setParams(query, { replace: true });
  };

  return (
    <C2cFrame
      active="market"
      title={t('market.title')}
      actions={
        <Link to="/c2cTrade" className="btn btn-primary btn-sm" data-testid="c2c-publish-link">
          {t('market.publish')}
        </Link>
      }
    >
      <section className="panel" data-testid="c2c-market">
        <div className="area-toolbar">
          <KindTabs />
          <Tabs
            className="c2c-side-tabs"
            tabClassName={(side, active) => `c2c-side-tab ${side}${active ? ' active' : ''}`}
            items={['buy', 'sell'] as const}
            value={tab}
            onChange={(side) => choose({ type: side })}
            label={(side) => t(`market.tab.${side}`)}
            testId={(side) => `c2c-tab-${side}`}
          />
          {currencies.data && (
            <CurrencyChips
              currencies={currencies.data}
              value={currencyId}
              onChange={(id) => choose({ currency: id })}
            />
          )}
        </div>
        {currencies.isPending ? (
          <Spinner />
        ) : currencies.isError ? (
          <ListState pending={false} error empty onRetry={() => void currencies.refetch()} />
        ) : currencyId === null ? (
          <ListState pending={false} error={false} empty onRetry={() => undefined} />
        ) : (
          <AdList key={`${kind}-${tab}-${currencyId}`} kind={kind} tab={tab} currencyId={currencyId} />
        )}
      </section>
    </C2cFrame>
  );
}

function AdList({ kind, tab, currencyId }: { kind: Kind; tab: AdType; currencyId: number }) {
  const { t } = useTranslation('c2c');
  const token = useToken();
  const navigate = useNavigate();
  const ads = useMarketAds(kind, adTypeForTab(tab), currencyId);
  const refresh = useRefreshC2c();
  const [taking, setTaking] = useState<P2pAd | null>(null);
  const rows = ads.data?.pages.flatMap((page) => page.data) ?? [];

  const take = (ad: P2pAd) => {
    if (!token) {
      void navigate('/components/login');
      return;
    }
    setTaking(ad);
  };

  const state = (
    <ListState
      pending={ads.isPending}
      error={ads.isError}
      empty={rows.length === 0}
      onRetry={() => void ads.refetch()}
      emptyText={t('market.empty')}
    />
  );

  return (
    <>
      <table className="table c2c-table">
        <thead>
          <tr>
            <th>{t('market.col.seller')}</th>
            <th className="right">{t('market.col.quantity')}</th>
            <th className="right">{t('market.col.price')}</th>
            <th>{t('market.col.way')}</th>
            <th className="right">{t('market.col.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((ad) => (
            <tr key={ad.id} data-testid="c2c-ad" data-id={ad.id}>
              <td>
                <span className="c2c-seller">
                  <Avatar name={ad.seller_name} />
                  <span className="c2c-seller-name">{ad.seller_name}</span>
                </span>
              </td>
              <td className="right num">
                {formatFixed(ad.surplus_number, PRICE_DECIMALS)}{' '}
                <span className="muted">{ad.currency_name}</span>
                {kind === 'shop' && ad.min_number && ad.max_number && (
                  <div className="muted c2c-sub">
                    {t('shop.limits', {
                      min: formatFixed(ad.min_number, PRICE_DECIMALS),
                      max: formatFixed(ad.max_number, PRICE_DECIMALS),
                    })}
                  </div>
                )}
              </td>
              <td className={`right num c2c-price ${tab === 'buy' ? 'up' : 'down'}`}>
                {formatFixed(ad.price, PRICE_DECIMALS)} {ad.coin_code}
              </td>
              <td>
                <PayWay way={ad.way} />
              </td>
              <td className="right">
                <button
                  type="button"
                  className={`btn btn-sm ${tab === 'buy' ? 'btn-buy' : 'btn-sell'}`}
                  onClick={() => take(ad)}
                  data-testid="c2c-take"
                >
                  {t(`market.action.${tab}`)}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {state}
      <LoadMore
        pages={ads}
        shown={rows.length}
        className="c2c-more"
        noMoreLabel={t('list.noMore')}
        testId="c2c-more"
      />
      {taking && (
        <TakeDialog
          kind={kind}
          tab={tab}
          ad={taking}
          onClose={() => setTaking(null)}
          onTaken={async (orderId) => {
            await refresh();
            const query = new URLSearchParams(kind === 'shop' ? { kind } : {});
            if (orderId) query.set('order', String(orderId));
            const search = query.toString();
            void navigate(search ? `/c2cOrder?${search}` : '/c2cOrder');
          }}
        />
      )}
    </>
  );
}
