/**
 * Numbers no id or number column can hold, and what is not a number where ids go: numbers just beyond
 * INTEGER, BIGINT and what a JavaScript number holds exactly, hex, words, padding, Infinity.
 */
export const BEYOND_COLUMNS: string[] = [
  '2147483648',
  '-2147483649',
  '99999999999',
  '9223372036854775808',
  '9007199254740993',
  'abc',
  '0x7fffffff',
  ' 2147483648 ',
  '\t-1\n',
  '1e3',
  'Infinity',
  '-Infinity',
];

/**
 * Bad input, generated from a seed: every value here is wrong for any field of the contract (a negative,
 * NaN, a 40-digit number, control characters ...), so no generated request may ever change state.
 */
export const BAD_VALUES: string[] = [
  ...BEYOND_COLUMNS,
  '',
  ' ',
  '-1',
  '-0.00000001',
  '0',
  '00',
  'NaN',
  '1e40',
  '9'.repeat(40),
  '-' + '9'.repeat(40),
  '0.' + '0'.repeat(30) + '1',
  '1.0000000000000000000000001',
  '0x1F',
  'true',
  'null',
  'undefined',
  '[object Object]',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '"; SELECT pg_sleep(10); --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\nSet-Cookie: x=1',
  '\ud83d\ude00'.repeat(30),
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'Ω≈ç√∫˜µ≤≥÷',
  'x'.repeat(5000),
];

/** mulberry32: small, fast and reproducible from one 32-bit seed. */
export function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type FuzzShape =
  | 'one-field'
  | 'every-field'
  | 'beyond-columns'
  | 'arrays'
  | 'duplicated-keys'
  | 'json-types'
  | 'wrong-content-type'
  | 'malformed-multipart'
  | 'oversized';

const SHAPES: FuzzShape[] = [
  'one-field',
  'every-field',
  'beyond-columns',
  'arrays',
  'duplicated-keys',
  'json-types',
  'wrong-content-type',
  'malformed-multipart',
  'oversized',
];

/** Multipart bodies a parser cannot read: no boundary, a part cut off, a header without a blank line. */
const MALFORMED_MULTIPART: [string, string][] = [
  ['multipart/form-data', '--x\r\n\r\nno boundary declared'],
  ['multipart/form-data; boundary=x', 'not a multipart body'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut',
  ],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition form-data\r\n--x--'],
];

/** One request's body (already encoded) and content type. */
export interface FuzzBody {
  shape: FuzzShape;
  contentType: string;
  payload: string;
}

const form = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

export function badBody(fields: string[], random: () => number): FuzzBody {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
  const names = fields.length > 0 ? fields : ['id'];
  const shape = pick(SHAPES);
  switch (shape) {
    case 'one-field':
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form([[pick(names), pick(BAD_VALUES)]]),
      };
    case 'every-field':
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form(names.map((name) => [name, pick(BAD_VALUES)])),
      };
    case 'beyond-columns':
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form(names.map((name) => [name, pick(BEYOND_COLUMNS)])),
      };
    case 'arrays':
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form(
          names.flatMap(
            (name) =>
              [
                [`${name}[]`, pick(BAD_VALUES)],
                [`${name}[]`, pick(BAD_VALUES)],
              ] as [string, string][],
          ),
        ),
      };
    case 'duplicated-keys': {
      const name = pick(names);
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form([
          [name, pick(BAD_VALUES)],
          [name, pick(BAD_VALUES)],
        ]),
      };
    }
    case 'json-types': {
      const odd = [
        null,
        -1,
        1e308,
        2 ** 31,
        2 ** 63,
        true,
        [],
        {},
        ['1'],
        { $gt: '' },
        Number.MAX_SAFE_INTEGER + 2,
      ];
      return {
        shape,
        contentType: 'application/json',
        payload: JSON.stringify(Object.fromEntries(names.map((name) => [name, pick(odd)]))),
      };
    }
    case 'wrong-content-type':
      return {
        shape,
        contentType: pick(['text/plain', 'application/xml', 'application/octet-stream', 'text/html']),
        payload: pick(BAD_VALUES),
      };
    case 'malformed-multipart': {
      const [contentType, payload] = pick(MALFORMED_MULTIPART);
      return { shape, contentType, payload };
    }
    case 'oversized':
      return {
        shape,
        contentType: 'application/x-www-form-urlencoded',
        payload: form([[pick(names), 'x'.repeat(2 * 1024 * 1024)]]),
      };
  }
}

/** A query string of bad values for a GET route. */
export function badQuery(fields: string[], random: () => number): string {
  const body = badBody(fields, random);
  return body.contentType === 'application/x-www-form-urlencoded' && body.shape !== 'oversized'
    ? body.payload
    : '';
}
