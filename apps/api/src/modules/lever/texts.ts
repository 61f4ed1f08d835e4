import { registerMessages } from '@exchange/kernel/i18n';
import en from './texts/en.json' with { type: 'json' };
import hk from './texts/hk.json' with { type: 'json' };
import ind from './texts/ind.json' with { type: 'json' };
import jp from './texts/jp.json' with { type: 'json' };
import kor from './texts/kor.json' with { type: 'json' };
import th from './texts/th.json' with { type: 'json' };
import zh from './texts/zh.json' with { type: 'json' };

type LeverTexts = typeof en;

declare module '@exchange/kernel/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the area's keys into the catalogue
  interface MessageCatalog extends LeverTexts {}
}

// Registered when the area's module loads (its index.ts imports this file), in the API and the workers alike.
registerMessages<LeverTexts>('lever', { en, zh, hk, jp, kor, th, ind });
