import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryByAreaCode, DEFAULT_COUNTRY, searchCountries } from './countries';

describe('countries', () => {
  it('holds at least 220 entries with unique ids, codes without a plus sign and both names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(220);
    expect(new Set(COUNTRIES.map((country) => country.country_id)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((country) => country.name_en)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.area_code, country.name_en).toMatch(/^[1-9]\d{0,3}$/);
      expect(country.name_cn, country.name_en).toMatch(/\S/);
    }
  });

  it('carries the real calling codes of well-known countries', () => {
    const code = (name: string) => COUNTRIES.find((country) => country.name_en === name)?.area_code;
    expect(code('China')).toBe('86');
    expect(code('United States')).toBe('1');
    expect(code('United Kingdom')).toBe('44');
    expect(code('Indonesia')).toBe('62');
    expect(code('Thailand')).toBe('66');
    expect(code('Japan')).toBe('81');
    expect(code('South Korea')).toBe('82');
    expect(code('Hong Kong (China)')).toBe('852');
    expect(code('Jamaica')).toBe('1876');
  });

  it('defaults to the first entry', () => {
    expect(DEFAULT_COUNTRY).toBe(COUNTRIES[0]);
    expect(countryByAreaCode('nope')).toBe(DEFAULT_COUNTRY);
    expect(countryByAreaCode('+62').name_en).toBe('Indonesia');
  });

  it('searches English and Chinese names and the code, with or without a plus', () => {
    expect(searchCountries('indo').map((country) => country.name_en)).toContain('Indonesia');
    expect(searchCountries('日本').map((country) => country.name_en)).toEqual(['Japan']);
    expect(searchCountries('+44').map((country) => country.name_en)).toEqual(
      expect.arrayContaining(['United Kingdom', 'Jersey', 'Guernsey', 'Isle of Man']),
    );
    expect(searchCountries('852').map((country) => country.name_en)).toEqual(['Hong Kong (China)']);
    expect(searchCountries('')).toHaveLength(COUNTRIES.length);
    expect(searchCountries('zzzz')).toEqual([]);
  });
});
