import type { Db } from '../../db/prisma';

/** Business settings an operator can change at run time (`npm run ops -- setting:set KEY VALUE`). */
export const SETTING_DEFAULTS = {
  login_need_smscode: 'false',
  is_demo: 'true',
  is_open_CTbi: '1',
  USDTRate: '7.20',
  app_ios_url: '',
  app_android_url: '',
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

export async function writeSetting(prisma: Db, key: SettingKey, value: string): Promise<void> {
  await prisma.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
}
