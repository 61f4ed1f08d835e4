import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLegalCurrencies } from './api';
import { AdForm, Balance } from './AdForm';
import { C2cFrame } from './C2cFrame';
import { BothSides, CurrencyChips, CurrencyGate } from './parts';

/** Publish an ad (/c2cTrade): pick a legal currency, then a buy form and a sell form side by side. */
export default function C2cPublishPage() {
  const { t } = useTranslation('c2c');
  const currencies = useLegalCurrencies();
  const [picked, setPicked] = useState<number | null>(null);
  const currency = currencies.data?.find((item) => item.id === picked) ?? currencies.data?.[0] ?? null;

  return (
    <C2cFrame active="publish" title={t('publish.title')}>
      <CurrencyGate currencies={currencies} currency={currency}>
        {(chosen) => (
          <>
            <div className="area-toolbar c2c-toolbar-bare">
              <span className="muted">{t('publish.pickCurrency')}</span>
              <CurrencyChips currencies={currencies.data ?? []} value={chosen.id} onChange={setPicked} />
            </div>
            <Balance currency={chosen} />
            <BothSides>
              {(type) => (
                <AdForm
                  key={`${type}-${chosen.id}`}
                  kind="c2c"
                  type={type}
                  currency={chosen}
                  done="/c2cRelease"
                />
              )}
            </BothSides>
          </>
        )}
      </CurrencyGate>
    </C2cFrame>
  );
}
