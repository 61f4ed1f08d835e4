import { useTranslation } from 'react-i18next';
import { MarketsGate } from '../MarketsGate';

/**
 * The three trading screens: the frame class and test id their gate takes (so it sits where the screen will),
 * and the namespace whose `page.*` texts it speaks.
 */
const TRADE_SCREENS = {
  exchange: { className: 'ex-page', testId: 'exchange-page', emptyTestId: undefined },
  lever: { className: 'lv-page', testId: 'lever-page', emptyTestId: undefined },
  micro: { className: 'micro-page', testId: 'micro-page', emptyTestId: 'micro-no-markets' },
} as const;

/** A trading screen before it has a pair: the markets loading, failed (with retry) or none open for it. */
export function PairGate({
  screen,
  markets,
}: {
  screen: keyof typeof TRADE_SCREENS;
  markets: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation(screen);
  return (
    <MarketsGate
      {...TRADE_SCREENS[screen]}
      markets={markets}
      text={{ loadError: t('page.loadError'), noMarkets: t('page.noMarkets'), retry: t('page.retry') }}
    />
  );
}
