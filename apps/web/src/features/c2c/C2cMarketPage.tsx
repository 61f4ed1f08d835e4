import { LoadMore } from '../../components/LoadMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { queryListState } from '../../components/queryListState';
import { Spinner } from '../../components/States';
import { buttonColumn, figureColumn } from '../../components/tableColumns';
import { formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { useLegalCurrencies, useMarketAds, useRefreshC2c, type P2pAd } from './api';
import { C2cFrame } from './C2cFrame';
import { KindTabs, useKindParam } from './KindTabs';
import { TakeDialog } from './TakeDialog';
import { AdLimits, Avatar, CurrencyChips, ListState, PayWay } from './parts';
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

  return (
    <>
      <DataTable
        className="table c2c-table"
        columns={[
          {
            header: t('market.col.seller'),
            cell: (ad) => (
              <span className="c2c-seller">
                <Avatar name={ad.seller_name} />
                <span className="c2c-seller-name">{ad.seller_name}</span>
              </span>
            ),
          },
          figureColumn<P2pAd>(t('market.col.quantity'), (ad) => (
            <>
              {formatFixed(ad.surplus_number, PRICE_DECIMALS)}{' '}
              <span className="muted">{ad.currency_name}</span>
              {kind === 'shop' && <AdLimits ad={ad} decimals={PRICE_DECIMALS} />}
            </>
          )),
          {
            header: t('market.col.price'),
            cell: (ad) => `${formatFixed(ad.price, PRICE_DECIMALS)} ${ad.coin_code}`,
            align: 'right',
            className: `num c2c-price ${tab === 'buy' ? 'up' : 'down'}`,
          },
          { header: t('market.col.way'), cell: (ad) => <PayWay way={ad.way} /> },
          buttonColumn<P2pAd>(t('market.col.action'), {
            label: t(`market.action.${tab}`),
            className: `btn btn-sm ${tab === 'buy' ? 'btn-buy' : 'btn-sell'}`,
            testId: 'c2c-take',
            onClick: take,
          }),
        ]}
        rows={rows}
        rowKey={(ad) => ad.id}
        rowProps={(ad) => ({ 'data-testid': 'c2c-ad', 'data-id': ad.id })}
      />
      <ListState {...queryListState(ads, rows.length)} emptyText={t('market.empty')} />
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
