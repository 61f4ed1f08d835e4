import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quotation, QuotationGroup } from '../../api/markets';
import { formatChange, formatFixed, toDecimal } from '../../lib/format';
import { LEVER_PRICE_DECIMALS } from './lever-math';
import { Tab } from '../../components/Tabs';

interface Props {
  groups: QuotationGroup[];
  current: Quotation;
  onChoose: (pair: Quotation) => void;
}

/** Green at or above 0, red below (document 3, section 2). */
const changeTone = (change: string) => ((toDecimal(change)?.isNegative() ?? false) ? 'down' : 'up');

/**
 * The market switcher of the lever centre: a dropdown with a tab per quote currency listing the lever pairs
 * with their latest price and change.
 */
export function LeverMarketSwitcher({ groups, current, onChoose }: Props) {
  const { t } = useTranslation('lever');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState(current.legal_id);
  const holder = useRef<HTMLDivElement>(null);
  const group = groups.find((item) => item.id === tab) ?? groups[0];

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', away);
    window.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', away);
      window.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="lv-switcher" ref={holder}>
      <button
        type="button"
        className="lv-switcher-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        title={t('switcher.label')}
        onClick={() => setOpen((value) => !value)}
        data-testid="lever-switcher"
      >
        <span className="lv-symbol">
          {current.currency_name}
          <span className="muted">/{current.legal_name}</span>
        </span>
        <span aria-hidden>▾</span>
      </button>
      {open && (
        <div className="lv-switcher-menu" data-testid="lever-switcher-menu">
          <div className="tabs" role="tablist">
            {groups.map((item) => (
              <Tab key={item.id} active={item.id === group?.id} onSelect={() => setTab(item.id)}>
                {item.name}
              </Tab>
            ))}
          </div>
          <div className="lv-switcher-head muted">
            <span>{t('switcher.pair')}</span>
            <span className="right">{t('switcher.price')}</span>
            <span className="right">{t('switcher.change')}</span>
          </div>
          <div role="listbox" className="lv-switcher-list">
            {group?.quotation.map((pair) => (
              <button
                key={pair.match_id}
                type="button"
                role="option"
                aria-selected={pair.match_id === current.match_id}
                className={`lv-switcher-row${pair.match_id === current.match_id ? ' active' : ''}`}
                onClick={() => {
                  setOpen(false);
                  onChoose(pair);
                }}
                data-testid="lever-switcher-row"
                data-symbol={pair.symbol}
              >
                <span>
                  {pair.currency_name}
                  <span className="muted">/{pair.legal_name}</span>
                </span>
                <span className={`num right ${changeTone(pair.change)}`}>
                  {formatFixed(pair.now_price, LEVER_PRICE_DECIMALS)}
                </span>
                <span className={`num right ${changeTone(pair.change)}`}>{formatChange(pair.change)}</span>
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
