import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordDialog } from '../../components/PasswordDialog';
import { formatFixed, toDecimal } from '../../lib/format';
import { toast } from '../../lib/notify';
import { messageOf, takeAd, type P2pAd } from './api';
import { PayWay } from './parts';
import { adTotal, AMOUNT_DECIMALS, PRICE_DECIMALS, type AdType, type Kind } from './rules';

/**
 * Taking an ad: a c2c ad is taken whole; a shop ad for a quantity (or a fiat amount) between its limits.
 * The trade password confirms; the answer names the new order.
 */
export function TakeDialog({
  kind,
  tab,
  ad,
  onClose,
  onTaken,
}: {
  kind: Kind;
  tab: AdType;
  ad: P2pAd;
  onClose: () => void;
  onTaken: (orderId: number | undefined) => Promise<void>;
}) {
  const { t } = useTranslation('c2c');
  const [means, setMeans] = useState<'number' | 'money'>('number');
  const [value, setValue] = useState('');
  const partial = kind === 'shop';
  const estimate = means === 'number' ? adTotal(value, ad.price) : quantityFor(value, ad.price);

  const summary = (
    <>
      <dl className="c2c-summary" data-testid="c2c-take-summary">
        <div>
          <dt>{t('market.col.seller')}</dt>
          <dd>{ad.seller_name}</dd>
        </div>
        <div>
          <dt>{t('market.col.quantity')}</dt>
          <dd className="num">
            {formatFixed(ad.surplus_number, AMOUNT_DECIMALS)} {ad.currency_name}
          </dd>
        </div>
        {partial && ad.min_number && ad.max_number && (
          <div>
            <dt>{t('shop.limit')}</dt>
            <dd className="num">
              {formatFixed(ad.min_number, AMOUNT_DECIMALS)} – {formatFixed(ad.max_number, AMOUNT_DECIMALS)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('market.col.price')}</dt>
          <dd className="num">
            {formatFixed(ad.price, PRICE_DECIMALS)} {ad.coin_code}
          </dd>
        </div>
        {!partial && (
          <div>
            <dt>{t('order.total')}</dt>
            <dd className="num">
              {adTotal(ad.surplus_number, ad.price)} {ad.coin_code}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('market.col.way')}</dt>
          <dd>
            <PayWay way={ad.way} />
          </dd>
        </div>
      </dl>
      {partial && (
        <div className="field">
          <div className="c2c-take-means">
            <div className="pill-tabs">
              {(['number', 'money'] as const).map((item) => (
                <button
                  key={item}
                  type="button"
                  className={`pill-tab${means === item ? ' active' : ''}`}
                  onClick={() => {
                    setMeans(item);
                    setValue('');
                  }}
                  data-testid={`take-means-${item}`}
                >
                  {t(`shop.means.${item}`)}
                </button>
              ))}
            </div>
          </div>
          <div className="input-group">
            <input
              className="input"
              inputMode="decimal"
              value={value}
              placeholder={t(`shop.enter.${means}`)}
              onChange={(event) => setValue(event.target.value)}
              data-testid="take-value"
            />
            <span className="input-addon">{means === 'number' ? ad.currency_name : ad.coin_code}</span>
          </div>
          <span className="muted num">
            ≈ {estimate} {means === 'number' ? ad.coin_code : ad.currency_name}
          </span>
        </div>
      )}
    </>
  );

  return (
    <PasswordDialog
      title={t(`market.takeTitle.${tab}`, { coin: ad.currency_name })}
      text={summary}
      onClose={onClose}
      onSubmit={async (password) => {
        if (partial && !(toDecimal(value)?.greaterThan(0) ?? false)) {
          toast(t(`shop.enter.${means}`), 'error');
          throw new Error('amount missing');
        }
        const answer = await takeAd(kind, {
          id: ad.id,
          password,
          ...(partial ? { means, value: value.trim() } : {}),
        });
        toast(messageOf(answer, t('market.taken')), 'success');
        await onTaken(answer.data.id);
      }}
    />
  );
}

/** Roughly how many coins a fiat amount buys at a price (display only; the server rounds). */
function quantityFor(money: string, price: string): string {
  const amount = toDecimal(money);
  const unit = toDecimal(price);
  if (!amount || !unit || unit.isZero()) return formatFixed(0, AMOUNT_DECIMALS);
  return formatFixed(amount.dividedBy(unit).toDecimalPlaces(AMOUNT_DECIMALS, 1), AMOUNT_DECIMALS);
}
