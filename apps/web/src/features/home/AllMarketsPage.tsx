import { useTranslation } from 'react-i18next';
import { useQuotations } from '../../api/markets';
import { MarketTable } from './MarketTable';
import './home.css';

/** Every market (/allmarket): search, quote tabs, favourites and sorting. */
export default function AllMarketsPage() {
  const { t } = useTranslation('home');
  const quotations = useQuotations();
  return (
    <div className="container markets-page">
      <header className="markets-head">
        <h1>{t('markets.title')}</h1>
        <p className="secondary">{t('markets.subtitle')}</p>
      </header>
      <MarketTable
        groups={quotations.data}
        loading={quotations.isPending}
        error={quotations.isError}
        onRetry={() => void quotations.refetch()}
        searchable
      />
    </div>
  );
}
