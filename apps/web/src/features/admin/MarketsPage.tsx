import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useMarkets, type Me, type PairRow } from './api';
import { ReadOnlyNote, Section, ListTable } from './parts';

const FLAGS = [
  ['is_display', 'listed'],
  ['open_coin_trade', 'spot'],
  ['open_lever', 'lever'],
  ['open_microtrade', 'seconds'],
] as const;

/** Every pair with its switches; admins list or delist a pair and open or close its products. */
export default function MarketsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canChange = roleAtLeast(me.role, 'admin');
  const markets = useMarkets();
  const flags = useAdminAction('markets/flags');
  const flip = (pair: PairRow, flag: (typeof FLAGS)[number][0]) =>
    flags.mutate({ id: pair.id, [flag]: pair[flag] === 1 ? 0 : 1 });

  return (
    <Section title={t('nav.markets')} testId="admin-markets">
      {!canChange && <ReadOnlyNote />}
      <ListTable
        query={markets}
        head={[
          t('dashboard.symbol'),
          ...FLAGS.map(([, label]) => t(`markets.${label}`)),
          ...(canChange ? [''] : []),
        ]}
      >
        {(pair) => (
          <tr key={pair.id} data-testid="admin-pair-row" data-symbol={pair.symbol}>
            <td>{pair.symbol}</td>
            {FLAGS.map(([flag]) => (
              <td key={flag} data-testid={`admin-flag-${flag}`}>
                {canChange ? (
                  <button
                    type="button"
                    className={`btn btn-sm ${pair[flag] === 1 ? 'btn-buy' : 'btn-ghost'}`}
                    disabled={flags.isPending}
                    onClick={() => flip(pair, flag)}
                  >
                    {pair[flag] === 1 ? t('markets.on') : t('markets.off')}
                  </button>
                ) : (
                  <span className={pair[flag] === 1 ? 'up' : 'muted'}>
                    {pair[flag] === 1 ? t('markets.on') : t('markets.off')}
                  </span>
                )}
              </td>
            ))}
            {canChange && (
              <td>
                <button
                  type="button"
                  className={`btn btn-sm ${pair.is_display === 1 ? 'btn-sell' : 'btn-primary'}`}
                  data-testid="admin-list-toggle"
                  disabled={flags.isPending}
                  onClick={() => flip(pair, 'is_display')}
                >
                  {pair.is_display === 1 ? t('markets.delist') : t('markets.relist')}
                </button>
              </td>
            )}
          </tr>
        )}
      </ListTable>
    </Section>
  );
}
