import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/States';
import { useMyShops } from './api';
import { AdForm, Balance } from './AdForm';
import { C2cFrame } from './C2cFrame';
import { MyAdList } from './MyAdList';
import { BothSides, CurrencyChips, ListState } from './parts';

/**
 * The seller shop (/myLegalShops, shown to sellers): per approved currency, the shop's buy and sell ads
 * with min/max per order and partial fills, put on or off the shelf, their orders and the shop's record.
 */
export default function ShopPage() {
  const { t } = useTranslation('c2c');
  const shops = useMyShops();
  const [picked, setPicked] = useState<number | null>(null);
  const active = shops.data?.filter((shop) => shop.status === 1) ?? [];
  const shop = active.find((item) => item.currency_id === picked) ?? active[0] ?? null;

  return (
    <C2cFrame
      active="shop"
      title={shop ? t('shop.title', { name: shop.name }) : t('nav.shop')}
      actions={
        shop && (
          <span className="c2c-head-links">
            <Link to="/c2cOrder?kind=shop" className="btn btn-sm btn-ghost" data-testid="shop-my-orders">
              {t('shop.takenOrders')}
            </Link>
            <Link
              to={`/c2cRecord?id=${shop.currency_id}&kind=shop`}
              className="btn btn-sm btn-ghost"
              data-testid="shop-record"
            >
              {t('ads.record')}
            </Link>
          </span>
        )
      }
    >
      {shops.isPending ? (
        <Spinner />
      ) : !shop ? (
        shops.isError ? (
          <ListState pending={false} error empty onRetry={() => void shops.refetch()} />
        ) : (
          <div className="panel empty" data-testid="shop-not-approved">
            {t('shop.notApproved')}
          </div>
        )
      ) : (
        <div data-testid="shop-page">
          <div className="area-toolbar c2c-toolbar-bare">
            <CurrencyChips
              currencies={active.map((item) => ({ id: item.currency_id, name: item.currency_name }))}
              value={shop.currency_id}
              onChange={setPicked}
            />
          </div>
          <Balance currency={{ id: shop.currency_id, name: shop.currency_name }} />
          <h2 className="c2c-section-title">{t('shop.publishTitle')}</h2>
          <BothSides>
            {(type) => (
              <AdForm
                key={`${type}-${shop.currency_id}`}
                kind="shop"
                type={type}
                currency={{ id: shop.currency_id, name: shop.currency_name }}
                done="/myLegalShops"
              />
            )}
          </BothSides>
          <h2 className="c2c-section-title">{t('shop.adsTitle')}</h2>
          <BothSides>
            {(type) => (
              <MyAdList
                key={`${type}-${shop.currency_id}`}
                kind="shop"
                type={type}
                currencyId={shop.currency_id}
              />
            )}
          </BothSides>
        </div>
      )}
    </C2cFrame>
  );
}
