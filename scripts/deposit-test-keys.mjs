// Prints the public test keys the demo and the tests derive deposit addresses from (see README, "Deposit
// addresses"). They come from anvil's published mnemonic "test test test test test test test test test test
// test junk": anyone can spend what is sent to them, so they are for development and tests only.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

const MNEMONIC = 'test test test test test test test test test test test junk';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
/** BIP44 (legacy and account-based chains) and BIP84 (native segwit) account paths. */
const PATHS = {
  EVM: "m/44'/60'/0'",
  BITCOIN: "m/84'/0'/0'",
  LITECOIN: "m/84'/2'/0'",
  DOGECOIN: "m/44'/3'/0'",
  TRON: "m/44'/195'/0'",
  XRP: "m/44'/144'/0'",
};
for (const [family, path] of Object.entries(PATHS)) {
  console.log(`${family} ${path} ${root.derive(path).publicExtendedKey}`);
}
