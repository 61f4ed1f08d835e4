import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAdOrders } from './api';
import { C2cFrame } from './C2cFrame';
import { useKindParam } from './KindTabs';
import { OrderList } from './OrderList';

/** The orders of one of my ads (/c2cDetail?id), each with its detail modal and the owner's actions. */
export default function C2cAdOrdersPage() {
  const { t } = useTranslation('c2c');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const kind = useKindParam();
  const orders = useAdOrders(kind, id);
  return (
    <C2cFrame
      active={kind === 'shop' ? 'shop' : 'ads'}
      title={t('adOrders.title', { id: id ?? '--' })}
      actions={
        <Link to={kind === 'shop' ? '/myLegalShops' : '/c2cRelease'} className="btn btn-sm btn-ghost">
          {t('adOrders.back')}
        </Link>
      }
    >
      {id === null ? (
        <div className="panel empty">{t('adOrders.noAd')}</div>
      ) : (
        <OrderList kind={kind} orders={orders} view="owner" />
      )}
    </C2cFrame>
  );
}
