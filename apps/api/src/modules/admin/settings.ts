import type { AdminSetting, OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { isSettingKey, readSettings, SETTING_DEFAULTS, writeSetting } from '../system';
import { parseRebateRates } from '../team';

type Kind = AdminSetting['kind'];
type Key = keyof typeof SETTING_DEFAULTS;

/**
 * What each business setting accepts. Every key of SETTING_DEFAULTS is listed (the type says so), so a
 * setting added there cannot be edited from the console until someone says what its values are.
 */
const KINDS: Record<Key, Kind> = {
  login_need_smscode: 'switch',
  is_demo: 'switch',
  is_open_CTbi: 'switch',
  USDTRate: 'decimal',
  app_ios_url: 'url',
  app_android_url: 'url',
  insurance_start: 'time',
  insurance_end: 'time',
  lever_burst_hazard_rate: 'decimal',
  open_lever_entrust: 'switch',
  user_set_stopprice: 'switch',
  userLegalDealCancel: 'count',
  userLegalDealCancel_time: 'minutes',
  legalDealCancel_time: 'minutes',
  p2pAppealAfter_time: 'minutes',
  acceptorAutoConfirm_time: 'minutes',
  jc_price: 'decimal',
  jc_price_difference: 'decimal',
  jc_exchange_fee: 'decimal',
  jc_currency: 'currency',
  team_rebate_generations: 'count',
  team_rebate_rates: 'percent_list',
};

/** The form each kind accepts, with the rule an operator reads when a value is refused. */
const FORMS: Record<Exclude<Kind, 'currency' | 'percent_list'>, { pattern: RegExp; rule: string }> = {
  switch: { pattern: /^[01]$/, rule: '0 | 1' },
  decimal: { pattern: /^\d{1,12}(\.\d{1,8})?$/, rule: '>= 0, <= 8 decimals' },
  minutes: { pattern: /^[1-9]\d{0,5}$/, rule: '1-999999' },
  count: { pattern: /^\d{1,4}$/, rule: '0-9999' },
  time: { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, rule: 'HH:MM' },
  url: { pattern: /^(https?:\/\/[^\s]{1,490})?$/, rule: 'https://… or empty' },
};

/** Some settings name a further bound: a risk rate in percent, a fee as a fraction. */
const CEILINGS: Partial<Record<Key, number>> = {
  lever_burst_hazard_rate: 100,
  jc_exchange_fee: 1,
  team_rebate_generations: 20,
};

/** Switches are stored as the spec writes them: `true`/`false` where the default is, `1`/`0` otherwise. */
const stored = (key: Key, value: string) =>
  KINDS[key] === 'switch' && ['true', 'false'].includes(SETTING_DEFAULTS[key])
    ? value === '1'
      ? 'true'
      : 'false'
    : value;
const shown = (key: Key, value: string) =>
  KINDS[key] === 'switch' ? (value === '1' || value === 'true' ? '1' : '0') : value;

export async function listSettings(prisma: Db): Promise<AdminSetting[]> {
  const settings = await readSettings(prisma);
  return (Object.keys(SETTING_DEFAULTS) as Key[]).map((key) => ({
    key,
    value: shown(key, settings[key]),
    default: shown(key, SETTING_DEFAULTS[key]),
    kind: KINDS[key],
  }));
}

async function checkValue(prisma: Db, key: Key, value: string, current: Record<Key, string>) {
  const kind = KINDS[key];
  const refuse = (rule: string) => new AppError('admin_field_invalid', { field: key, rule });
  if (kind === 'currency') {
    if (!/^[A-Z0-9]{1,16}$/.test(value) || !(await prisma.currency.findUnique({ where: { name: value } })))
      throw refuse('a listed currency');
    return;
  }
  if (kind === 'percent_list') {
    try {
      parseRebateRates({
        team_rebate_generations: current.team_rebate_generations,
        team_rebate_rates: value,
      });
    } catch (error) {
      throw refuse(error instanceof Error ? error.message : 'invalid');
    }
    return;
  }
  const form = FORMS[kind];
  if (!form.pattern.test(value)) throw refuse(form.rule);
  const ceiling = CEILINGS[key];
  if (ceiling !== undefined && Number(value) > ceiling) throw refuse(`<= ${ceiling}`);
  if (key === 'team_rebate_generations') {
    try {
      parseRebateRates({ team_rebate_generations: value, team_rebate_rates: current.team_rebate_rates });
    } catch (error) {
      throw refuse(error instanceof Error ? error.message : 'invalid');
    }
  }
}

/**
 * Changes one business setting after checking its value, through the system area's own action (as `ops
 * setting:set`); the trail keeps the value before and after, in the action's transaction.
 */
export async function saveSetting(
  prisma: Db,
  input: { key: string; value: string },
  trail: OperatorTrail<Tx>,
) {
  if (!isSettingKey(input.key)) throw new AppError('admin_record_not_found');
  const key = input.key;
  const current = await readSettings(prisma);
  await checkValue(prisma, key, input.value, current);
  const value = stored(key, input.value);
  await writeSetting(prisma, key, value, (tx, before) =>
    trail(tx, {
      action: 'setting.update',
      targetType: 'setting',
      targetId: key,
      before: { value: before },
      after: { value },
    }),
  );
  return { key, value: shown(key, value), default: shown(key, SETTING_DEFAULTS[key]), kind: KINDS[key] };
}
