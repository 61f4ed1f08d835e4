import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { figureColumn, timeColumn } from '../../components/tableColumns';
import { formatFixed } from '../../lib/format';
import { useLegalCurrencies, useSellerRecord, type SellerRecord } from './api';
import { C2cFrame } from './C2cFrame';
import { fiatAmount, orderPrice } from './OrderDetail';
import { useKindParam } from './KindTabs';
import { PagedListEnd } from './parts';
import { AMOUNT_DECIMALS, isAdType, RECORD_PRICE_DECIMALS, type AdType } from './rules';

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
            <DataTable
              className="table c2c-table"
              columns={[
                {
                  header: t('record.col.type'),
                  cell: (row) => (
                    <span className={row.type === 'buy' ? 'up' : 'down'}>
                      {t(`record.filter.${row.type}`)} {row.currency_name}
                    </span>
                  ),
                },
                { header: t('record.col.account'), cell: (row) => row.account_number },
                figureColumn<SellerRecord>(t('record.col.quantity'), (row) =>
                  formatFixed(row.number, AMOUNT_DECIMALS),
                ),
                figureColumn<SellerRecord>(t('record.col.price'), (row) =>
                  formatFixed(orderPrice(row), RECORD_PRICE_DECIMALS),
                ),
                figureColumn<SellerRecord>(t('record.col.total'), (row) => fiatAmount(row)),
                figureColumn<SellerRecord>(t('record.col.fee'), (row) =>
                  formatFixed(row.out_fee, AMOUNT_DECIMALS),
                ),
                timeColumn<SellerRecord>(t('record.col.time'), (row) => row.create_time),
              ]}
              rows={rows}
              rowKey={(row, index) => row.id ?? index}
              rowProps={() => ({ 'data-testid': 'c2c-record-row' })}
            />
            <PagedListEnd pages={record} shown={rows.length} />
          </>
        )}
      </section>
    </C2cFrame>
  );
}
