import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../components/AmountInput';
import { PasswordDialog } from '../../components/PasswordDialog';
import { SummaryList } from '../../components/SummaryList';
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
      <SummaryList
        className="c2c-summary"
        testId="c2c-take-summary"
        rows={[
          { label: t('market.col.seller'), value: ad.seller_name },
          {
            label: t('market.col.quantity'),
            value: `${formatFixed(ad.surplus_number, AMOUNT_DECIMALS)} ${ad.currency_name}`,
            className: 'num',
          },
          partial && ad.min_number && ad.max_number
            ? {
                label: t('shop.limit'),
                value: `${formatFixed(ad.min_number, AMOUNT_DECIMALS)} – ${formatFixed(ad.max_number, AMOUNT_DECIMALS)}`,
                className: 'num',
              }
            : null,
          {
            label: t('market.col.price'),
            value: `${formatFixed(ad.price, PRICE_DECIMALS)} ${ad.coin_code}`,
            className: 'num',
          },
          !partial && {
            label: t('order.total'),
            value: `${adTotal(ad.surplus_number, ad.price)} ${ad.coin_code}`,
            className: 'num',
          },
          { label: t('market.col.way'), value: <PayWay way={ad.way} /> },
        ]}
      />
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
          <AmountInput
            value={value}
            onChange={setValue}
            placeholder={t(`shop.enter.${means}`)}
            testId="take-value"
            unit={means === 'number' ? ad.currency_name : ad.coin_code}
          />
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
