import { z } from 'zod';

/** Decimal amounts travel as strings, never as floats. */
export const decimal = z.string();

/** A currency's switches (1 on, 0 off): fiat (c2c) trading, lever, spot matching and seconds contracts. */
export const currencyFlags = {
  is_legal: z.number().int(),
  is_lever: z.number().int(),
  is_match: z.number().int(),
  is_micro: z.number().int(),
};
