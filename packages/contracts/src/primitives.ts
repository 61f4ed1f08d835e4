import { z } from 'zod';

/** Decimal amounts travel as strings, never as floats. */
export const decimal = z.string();
