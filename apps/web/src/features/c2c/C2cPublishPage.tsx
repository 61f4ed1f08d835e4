import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { useLegalCurrencies } from './api';
import { AdForm, Balance } from './AdForm';
import { C2cFrame } from './C2cFrame';
import { CurrencyChips, ListState } from './parts';

/** Publish an ad (/c2cTrade): pick a legal currency, then a buy form and a sell form side by side. */
export default function C2cPublishPage() {
  const { t } = useTranslation('c2c');
  const currencies = useLegalCurrencies();
  const [picked, setPicked] = useState<number | null>(null);
  const currency = currencies.data?.find((item) => item.id === picked) ?? currencies.data?.[0] ?? null;

  return (
    <C2cFrame active="publish" title={t('publish.title')}>
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
            <span className="muted">{t('publish.pickCurrency')}</span>
            <CurrencyChips currencies={currencies.data ?? []} value={currency.id} onChange={setPicked} />
          </div>
          <Balance currency={currency} />
          <div className="c2c-publish-grid">
            <AdForm key={`buy-${currency.id}`} kind="c2c" type="buy" currency={currency} done="/c2cRelease" />
            <AdForm
              key={`sell-${currency.id}`}
              kind="c2c"
              type="sell"
              currency={currency}
              done="/c2cRelease"
            />
          </div>
        </>
      )}
    </C2cFrame>
  );
}
