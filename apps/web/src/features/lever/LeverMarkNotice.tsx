import { useTranslation } from 'react-i18next';
import type { LeverMarkState } from '@exchange/contracts';
import { formatFixed } from '../../lib/format';
import { LEVER_PRICE_DECIMALS } from './lever-math';

/**
 * Why the form cannot open a position now (`mark_state` of `/api/lever/deal`, anything but `ok`): the book
 * cannot back a reliable mark (closing still works at the held one), the mark is not being updated (closing
 * waits too), or the pair never had one.
 */
export function LeverMarkNotice({
  state,
  mark,
  quote,
}: {
  state: Exclude<LeverMarkState, 'ok'>;
  /** The held mark (`last_price`), null when there is none. */
  mark: string | null;
  quote: string;
}) {
  const { t } = useTranslation('lever');
  const key = state === 'stale' ? 'stale' : mark ? state : 'none';
  return (
    <div className="lv-mark-notice" role="status" data-testid="lever-mark-notice" data-state={state}>
      {t(`mark.${key}`, { price: `${formatFixed(mark, LEVER_PRICE_DECIMALS)} ${quote}` })}
    </div>
  );
}
