import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useMarkets, type Me, type PairRow } from './api';
import { ListSection, RowButton } from './list';
import { ReadOnlyNote } from './parts';

const FLAGS = [
  ['is_display', 'listed'],
  ['open_coin_trade', 'spot'],
  ['open_lever', 'lever'],
  ['open_microtrade', 'seconds'],
] as const;
type Flag = (typeof FLAGS)[number][0];

/** Every pair with its switches; admins list or delist a pair and open or close its products. */
export default function MarketsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canChange = roleAtLeast(me.role, 'admin');
  const flags = useAdminAction('markets/flags');
  const flip = (pair: PairRow, flag: Flag) => flags.mutate({ id: pair.id, [flag]: pair[flag] === 1 ? 0 : 1 });
  const onOff = (pair: PairRow, flag: Flag) => (pair[flag] === 1 ? t('markets.on') : t('markets.off'));

  return (
    <ListSection
      title={t('nav.markets')}
      sectionTestId="admin-markets"
      controls={!canChange && <ReadOnlyNote />}
      query={useMarkets()}
      rowTestId="admin-pair-row"
      rowProps={(pair) => ({ 'data-symbol': pair.symbol })}
      columns={[
        { header: t('dashboard.symbol'), cell: (pair) => pair.symbol },
        ...FLAGS.map(([flag, label]) => ({
          header: t(`markets.${label}`),
          cell: (pair: PairRow) => (
            <span data-testid={`admin-flag-${flag}`}>
              {canChange ? (
                <RowButton
                  action={{
                    label: onOff(pair, flag),
                    tone: pair[flag] === 1 ? 'buy' : 'ghost',
                    disabled: flags.isPending,
                    onClick: () => flip(pair, flag),
                  }}
                />
              ) : (
                <span className={pair[flag] === 1 ? 'up' : 'muted'}>{onOff(pair, flag)}</span>
              )}
            </span>
          ),
        })),
      ]}
      actions={
        canChange &&
        ((pair) => [
          {
            label: pair.is_display === 1 ? t('markets.delist') : t('markets.relist'),
            testId: 'admin-list-toggle',
            tone: pair.is_display === 1 ? 'sell' : 'primary',
            disabled: flags.isPending,
            onClick: () => flip(pair, 'is_display'),
          },
        ])
      }
    />
  );
}
