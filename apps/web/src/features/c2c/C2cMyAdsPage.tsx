import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../components/States';
import { useLegalCurrencies } from './api';
import { C2cFrame } from './C2cFrame';
import { MyAdList } from './MyAdList';
import { CurrencyChips, ListState } from './parts';

/** My published ads (/c2cRelease): my buy ads and my sell ads of a currency, withdraw one or see its orders. */
export default function C2cMyAdsPage() {
  const { t } = useTranslation('c2c');
  const currencies = useLegalCurrencies();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('currency_id')) || null;
  const currency = currencies.data?.find((item) => item.id === chosen) ?? currencies.data?.[0] ?? null;

  return (
    <C2cFrame
      active="ads"
      title={t('ads.title')}
      actions={
        currency && (
          <Link
            to={`/c2cRecord?id=${currency.id}`}
            className="btn btn-sm btn-ghost"
            data-testid="c2c-record-link"
          >
            {t('ads.record')}
          </Link>
        )
      }
    >
      {currencies.isPending ? (
        <Spinner />
      ) : !currency ? (
        <ListState
          pending={false}
          error={currencies.isError}
          empty
          onRetry={() => void currencies.refetch()}
        />
      ) : (
        <>
          <div className="area-toolbar c2c-toolbar-bare">
            <CurrencyChips
              currencies={currencies.data ?? []}
              value={currency.id}
              onChange={(id) => setParams({ currency_id: String(id) }, { replace: true })}
            />
          </div>
          <div className="c2c-publish-grid">
            <MyAdList key={`buy-${currency.id}`} kind="c2c" type="buy" currencyId={currency.id} />
            <MyAdList key={`sell-${currency.id}`} kind="c2c" type="sell" currencyId={currency.id} />
          </div>
        </>
      )}
    </C2cFrame>
  );
}
