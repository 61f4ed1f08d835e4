import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatFixed } from '../../lib/format';
import { useLegalCurrencies, useSellerRecord } from './api';
import { C2cFrame } from './C2cFrame';
import { orderPrice } from './OrderDetail';
import { useKindParam } from './KindTabs';
import { PagedListEnd } from './parts';
import { AMOUNT_DECIMALS, isAdType, PRICE_DECIMALS, RECORD_PRICE_DECIMALS, type AdType } from './rules';

/** The seller record (/c2cRecord?id=currency): finished orders of my ads, sell or buy. */
export default function C2cRecordPage() {
  const { t } = useTranslation('c2c');
  const [params, setParams] = useSearchParams();
  const currencyId = Number(params.get('id')) || null;
  const typeParam = params.get('type');
  const type: AdType = isAdType(typeParam) ? typeParam : 'sell';
  const currencies = useLegalCurrencies();
  const currencyName = currencies.data?.find((item) => item.id === currencyId)?.name ?? '';
  const kind = useKindParam();
  const record = useSellerRecord(kind, currencyId, type);
  const rows = record.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <C2cFrame
      active={kind === 'shop' ? 'shop' : 'ads'}
      title={t('record.title', { coin: currencyName })}
      actions={
        <Link to={kind === 'shop' ? '/myLegalShops' : '/c2cRelease'} className="btn btn-sm btn-ghost">
          {t('adOrders.back')}
        </Link>
      }
    >
      <section className="panel" data-testid="c2c-record">
        <div className="area-toolbar">
          <div className="pill-tabs">
            {(['sell', 'buy'] as const).map((item) => (
              <button
                key={item}
                type="button"
                className={`pill-tab${type === item ? ' active' : ''}`}
                aria-pressed={type === item}
                onClick={() =>
                  setParams(
                    { id: String(currencyId ?? ''), type: item, ...(kind === 'shop' ? { kind } : {}) },
                    { replace: true },
                  )
                }
                data-testid={`c2c-record-${item}`}
              >
                {t(`record.filter.${item}`)}
              </button>
            ))}
          </div>
        </div>
        {currencyId === null ? (
          <div className="empty">{t('record.noCurrency')}</div>
        ) : (
          <>
            <table className="table c2c-table">
              <thead>
                <tr>
                  <th>{t('record.col.type')}</th>
                  <th>{t('record.col.account')}</th>
                  <th className="right">{t('record.col.quantity')}</th>
                  <th className="right">{t('record.col.price')}</th>
                  <th className="right">{t('record.col.total')}</th>
                  <th className="right">{t('record.col.fee')}</th>
                  <th>{t('record.col.time')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const price = orderPrice(row);
                  return (
                    <tr key={row.id ?? index} data-testid="c2c-record-row">
                      <td className={row.type === 'buy' ? 'up' : 'down'}>
                        {t(`record.filter.${row.type}`)} {row.currency_name}
                      </td>
                      <td>{row.account_number}</td>
                      <td className="right num">{formatFixed(row.number, AMOUNT_DECIMALS)}</td>
                      <td className="right num">{formatFixed(price, RECORD_PRICE_DECIMALS)}</td>
                      <td className="right num">
                        {formatFixed(row.deal_money, PRICE_DECIMALS)} {row.coin_code}
                      </td>
                      <td className="right num">{formatFixed(row.out_fee, AMOUNT_DECIMALS)}</td>
                      <td className="num secondary">{row.create_time}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <PagedListEnd pages={record} shown={rows.length} />
          </>
        )}
      </section>
    </C2cFrame>
  );
}
