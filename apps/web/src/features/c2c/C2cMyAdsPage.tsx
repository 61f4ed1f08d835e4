import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLegalCurrencies } from './api';
import { C2cFrame } from './C2cFrame';
import { MyAdList } from './MyAdList';
import { BothSides, CurrencyChips, CurrencyGate } from './parts';

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
      <CurrencyGate currencies={currencies} currency={currency}>
        {({ id }) => (
          <>
            <div className="area-toolbar c2c-toolbar-bare">
              <CurrencyChips
                currencies={currencies.data ?? []}
                value={id}
                onChange={(picked) => setParams({ currency_id: String(picked) }, { replace: true })}
              />
            </div>
            <BothSides>
              {(type) => <MyAdList key={`${type}-${id}`} kind="c2c" type={type} currencyId={id} />}
            </BothSides>
          </>
        )}
      </CurrencyGate>
    </C2cFrame>
  );
}
