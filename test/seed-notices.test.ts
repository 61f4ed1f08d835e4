import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { SEED_SAVINGS_PLANS } from '../apps/api/src/modules/savings';
import { SEED_FEES, SEED_LEVER_OPTIONS, SEED_MICRO_SECONDS } from '../prisma/seed/markets';
import { SEED_NEWS } from '../prisma/seed/news';

/**
 * Features the exchange does not have, as the notices once promised them (issue #28): a newcomer who reads
 * of stop orders, flexible savings or two-factor sign-in looks for them and finds nothing.
 */
const ABSENT_FEATURES = {
  en: [
    /stop orders?/i,
    /flexible/i,
    /redeem/i,
    /two-factor|2FA/i,
    /whitelist/i,
    /API keys?/i,
    /cold (storage|wallet)/i,
    /multi-signature/i,
    /cross (or isolated )?margin|isolated margin/i,
    /\bVIP\b|tiered|fee tier/i,
    /liquidation price/i,
    /support ticket|online chat|order chat/i,
    /selfie/i,
    /English and Simplified Chinese/i,
    /completion rate/i,
  ],
  zh: [
    /止损单/,
    /活期/,
    /赎回/,
    /双重验证|2FA/,
    /白名单/,
    /API 密钥/,
    /冷钱包/,
    /多重签名/,
    /全仓|逐仓/,
    /VIP|阶梯/,
    /强平价格/,
    /工单|在线客服|订单聊天/,
    /自拍/,
    /英文和简体中文/,
    /完成率/,
  ],
} as const;

const percent = (fraction: string) => `${new Money(fraction).times(100).toFixed(2)}%`;
const textOf = (lang: 'en' | 'zh') =>
  SEED_NEWS.filter((news) => news.lang === lang).map(
    (news) => `${news.title} ${news.abstract} ${news.content}`,
  );

describe('the seeded notices', () => {
  it('promise no feature the exchange does not have, in either language they are written in', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const text of textOf(lang))
        for (const absent of ABSENT_FEATURES[lang])
          expect(text, `${lang}: ${String(absent)}`).not.toMatch(absent);
    }
  });

  it('state the fees, leverage, seconds payouts and savings plans the seed configures', () => {
    const en = textOf('en').join(' ');
    const zh = textOf('zh').join(' ');
    for (const fee of [SEED_FEES.maker_fee, SEED_FEES.taker_fee]) {
      expect(en).toContain(percent(fee));
      expect(zh).toContain(percent(fee));
    }
    // Contract fees are percentages of the position value or price already.
    for (const fee of [SEED_FEES.lever_trade_fee, SEED_FEES.spread, SEED_FEES.overnight])
      expect(en).toContain(`${fee}%`);
    for (const { multiples } of Object.values(SEED_LEVER_OPTIONS))
      expect(en).toContain(`${Math.min(...multiples)}x to ${Math.max(...multiples)}x`);
    const ratios = SEED_MICRO_SECONDS.map((option) => Number(option.profit_ratio));
    expect(en).toContain(`${Math.min(...ratios)}% to ${Math.max(...ratios)}%`);
    for (const plan of SEED_SAVINGS_PLANS.filter((each) => each.open)) {
      expect(en).toContain(`<td>${plan.currency}</td><td>${plan.day} days</td><td>${plan.rate}%</td>`);
      expect(zh).toContain(`<td>${plan.currency}</td><td>${plan.day} 天</td><td>${plan.rate}%</td>`);
    }
  });
});
