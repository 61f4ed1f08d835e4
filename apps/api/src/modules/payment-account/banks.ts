/** Banks of the third-party payout channel; BCA is the default choice. */
export const PAYOUT_BANKS = [
  { code: 'BCA', name: 'Bank Central Asia' },
  { code: 'BRI', name: 'Bank Rakyat Indonesia' },
  { code: 'CIMB', name: 'CIMB Niaga' },
  { code: 'PERMATA', name: 'Bank Permata' },
  { code: 'DANAMON', name: 'Bank Danamon' },
] as const;
