import { registerMessages } from '@exchange/kernel/i18n';
import en from './signer-texts/en.json' with { type: 'json' };
import hk from './signer-texts/hk.json' with { type: 'json' };
import ind from './signer-texts/ind.json' with { type: 'json' };
import jp from './signer-texts/jp.json' with { type: 'json' };
import kor from './signer-texts/kor.json' with { type: 'json' };
import th from './signer-texts/th.json' with { type: 'json' };
import zh from './signer-texts/zh.json' with { type: 'json' };

type SignerTexts = typeof en;

declare module '@exchange/kernel/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the signer's keys into the catalogue
  interface MessageCatalog extends SignerTexts {}
}

// The withdrawal signer's messages, registered with the wallet area (its index.ts imports this file).
registerMessages<SignerTexts>('wallet-signer', { en, zh, hk, jp, kor, th, ind });
