import type { Db, Tx } from '@exchange/kernel/db';

/** Business settings an operator can change at run time (`npm run ops -- setting:set KEY VALUE`). */
export const SETTING_DEFAULTS = {
  login_need_smscode: 'false',
  is_demo: 'true',
  is_open_CTbi: '1',
  USDTRate: '7.20',
  app_ios_url: '',
  app_android_url: '',
  // Seconds-contract insurance: the daily window (HH:MM, exchange time, Asia/Shanghai) in which an active
  // insurance position pays a user's seconds orders; start = end means all day.
  insurance_start: '00:00',
  insurance_end: '00:00',
  // lever: the risk rate (%) at or below which a user's positions are liquidated, and the switches for limit
  // (entrust) orders and for take-profit / stop-loss.
  lever_burst_hazard_rate: '10',
  open_lever_entrust: '1',
  user_set_stopprice: '1',
  // P2P (issue #12): cancels a user may make per day; minutes an unpaid c2c order and an unpaid shop order
  // live (the screens promise 24 hours); minutes after payment before a party may appeal; minutes after an
  // acceptor marks a withdrawal transferred before it confirms itself.
  userLegalDealCancel: '3',
  userLegalDealCancel_time: '1440',
  legalDealCancel_time: '1440',
  p2pAppealAfter_time: '30',
  acceptorAutoConfirm_time: '20',
  // Points exchange (issue #13): the USD value of one point, the USD spread added to the partner token's
  // market price, the fee as a fraction of the points exchanged (0.01 = 1 %), and the partner token.
  jc_price: '0.01',
  jc_price_difference: '0',
  jc_exchange_fee: '0.01',
  jc_currency: 'HAP',
  // Team rebates (issue #13): how many generations of inviters a seconds or lever fee pays, and the percent
  // of the fee each generation receives, nearest inviter first (comma-separated; their sum at most 100).
  team_rebate_generations: '3',
  team_rebate_rates: '20,10,5',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key);
}

export async function readSettings(prisma: Db): Promise<Record<SettingKey, string>> {
  const rows = await prisma.setting.findMany();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...SETTING_DEFAULTS, ...stored };
}

export async function readSetting(prisma: Db, key: SettingKey): Promise<string> {
  const row = await prisma.setting.findUnique({ where: { key } });
  return row?.value ?? SETTING_DEFAULTS[key];
}

export const isOn = (value: string) => value === '1' || value === 'true';

/**
 * The operator action that changes one business setting (`ops setting:set` and the console call it). Every
 * reader (env.json, login, wallet, lever...) reads settings from Postgres per request, so every process's
 * next answer reflects it. Two changes of the same key queue behind each other, so `within` (the caller's
 * record, in the same transaction) sees as `before` exactly the value this change replaced.
 */
export async function writeSetting(
  prisma: Db,
  key: SettingKey,
  value: string,
  within?: (tx: Tx, before: string) => Promise<unknown>,
): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`setting:${key}`}))`;
    const row = await tx.setting.findUnique({ where: { key } });
    const before = row?.value ?? SETTING_DEFAULTS[key];
    await tx.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
    await within?.(tx, before);
  });
}
