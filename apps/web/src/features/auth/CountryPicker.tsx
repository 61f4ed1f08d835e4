import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, searchCountries, type Country } from './countries';

interface CountryPickerProps {
  value: Country;
  onChange: (country: Country) => void;
  /** Dimmed (still usable) when the account is an e-mail and the code does not matter. */
  dimmed?: boolean;
  disabled?: boolean;
}

/** Chinese names for the Chinese interfaces, English names for the others. */
export function countryName(country: Country, language: string): string {
  return language === 'zh' || language === 'hk' ? country.name_cn : country.name_en;
}

/** The calling-code picker: a compact button with a searchable list (name in either language, or code). */
export function CountryPicker({ value, onChange, dimmed = false, disabled = false }: CountryPickerProps) {
  const { t, i18n } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const matches = useMemo(() => searchCountries(query, COUNTRIES), [query]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    setQuery('');
    setActive(Math.max(0, COUNTRIES.indexOf(value)));
    setOpen(true);
  };

  const choose = (country: Country) => {
    onChange(country);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(matches.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const country = matches[active];
      if (country) choose(country);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={`country-picker${dimmed ? ' dimmed' : ''}`} ref={root}>
      <button
        type="button"
        className="country-picker-button"
        data-testid="country-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('countryRegion')}
        title={dimmed ? t('countryOnlyPhone') : countryName(value, i18n.language)}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
      >
        <span className="num">+{value.area_code}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="country-menu">
          <input
            className="input country-search"
            autoFocus
            value={query}
            placeholder={t('countrySearch')}
            aria-controls={listId}
            data-testid="country-search"
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul className="country-list" role="listbox" id={listId} ref={list}>
            {matches.length === 0 && <li className="country-empty">{t('countryNone')}</li>}
            {matches.map((country, index) => (
              <li
                key={country.country_id}
                role="option"
                data-index={index}
                data-testid="country-option"
                aria-selected={country.country_id === value.country_id}
                className={`country-option${index === active ? ' active' : ''}${
                  country.country_id === value.country_id ? ' selected' : ''
                }`}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country)}
              >
                <span className="country-option-name">{countryName(country, i18n.language)}</span>
                <span className="num muted">+{country.area_code}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
