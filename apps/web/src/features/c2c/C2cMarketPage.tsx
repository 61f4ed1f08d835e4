import { LoadMore } from '../../components/LoadMore';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { queryListState } from '../../components/queryListState';
import { Spinner } from '../../components/States';
import { buttonColumn, figureColumn } from '../../components/tableColumns';
import { useCashInfo } from '../../api/payment-account';
import { useUserInfo } from '../../api/user';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { useLegalCurrencies, useMarketAds, useRefreshC2c, type P2pAd } from './api';
import { C2cFrame } from './C2cFrame';
import { KindTabs, useKindParam } from './KindTabs';
import { FirstOrderGuide } from './FirstOrderGuide';
import { TakeDialog } from './TakeDialog';
import { AdLimits, Avatar, CurrencyChips, ListState, PayWay } from './parts';
import { adTypeForTab, isAdType, isReady, PRICE_DECIMALS, readiness, type AdType, type Kind } from './rules';
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
          <AdList
            key={`${kind}-${tab}-${currencyId}`}
            kind={kind}
            tab={tab}
            currencyId={currencyId}
            route={`/c2c?${params.toString()}`}
          />
        )}
      </section>
    </C2cFrame>
  );
}

/** The route of the market with `take` (an ad to take once back from a detour) set or dropped. */
function withTake(route: string, adId: number | null): string {
  const [path = '', query = ''] = route.split('?');
  const params = new URLSearchParams(query);
  if (adId === null) params.delete('take');
  else params.set('take', String(adId));
  return `${path}?${params.toString()}`;
}

function AdList({
  kind,
  tab,
  currencyId,
  route,
}: {
  kind: Kind;
  tab: AdType;
  currencyId: number;
  /** The market's route as shown, where a detour before the first order comes back to. */
  route: string;
}) {
  const { t } = useTranslation('c2c');
  const token = useToken();
  const navigate = useNavigate();
  const ads = useMarketAds(kind, adTypeForTab(tab), currencyId);
  const refresh = useRefreshC2c();
  const user = useUserInfo();
  const cash = useCashInfo();
  const rows = ads.data?.pages.flatMap((page) => page.data) ?? [];
  // The ad being taken lives in the route (`take`), so a step of the first-order guide comes back to it.
  const takeId = Number(new URLSearchParams(route.split('?')[1]).get('take')) || null;
  const taking = takeId === null ? undefined : rows.find((row) => row.id === takeId);
  const setTake = (adId: number | null) => void navigate(withTake(route, adId), { replace: true });

  const take = (ad: P2pAd) => {
    if (!token) {
      void navigate('/components/login', { state: { from: withTake(route, ad.id) } });
      return;
    }
    setTake(ad.id);
  };

  // Set once an order is taken: the order's screen is on its way, and the taken ad leaving the refreshed
  // list is neither "ad gone" nor a reason to come back to the market.
  const leaving = useRef(false);
  useEffect(() => {
    if (takeId === null || !ads.isSuccess || taking || leaving.current) return;
    toast(t('guide.adGone'), 'error');
    setTake(null);
    // Once per ad asked for that the list does not hold: dropping `take` ends it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takeId, ads.isSuccess, Boolean(taking)]);

  const states =
    user.data && cash.data
      ? readiness({
          hasTradePassword: user.data.has_trade_password === 1,
          hasReceivingAccount: Boolean(cash.data.real_name),
          reviewStatus: user.data.review_status,
        })
      : null;
  // When they cannot be read, the order dialog opens anyway and the server's gates say what is missing.
  const unknown = user.isError || cash.isError;

  return (
    <>
      <DataTable
        className="table c2c-table c2c-market-table"
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
      {taking && states && !isReady(states) && (
        <FirstOrderGuide states={states} back={withTake(route, taking.id)} onClose={() => setTake(null)} />
      )}
      {taking && ((states && isReady(states)) || unknown) && (
        <TakeDialog
          kind={kind}
          tab={tab}
          ad={taking}
          onClose={() => {
            if (!leaving.current) setTake(null);
          }}
          onTaken={async (orderId) => {
            leaving.current = true;
            const query = new URLSearchParams(kind === 'shop' ? { kind } : {});
            if (orderId) query.set('order', String(orderId));
            const search = query.toString();
            void navigate(search ? `/c2cOrder?${search}` : '/c2cOrder');
            await refresh();
          }}
        />
      )}
    </>
  );
}
