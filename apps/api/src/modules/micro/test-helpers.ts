import type { TestContext } from '../../../../../test/harness';

/**
 * Helpers the seconds-contract tests share: a funded micro account, prices recorded as spot trades at
 * chosen instants (the matcher records them the same way), balances.
 */
export function microFixtures(ctx: TestContext) {
  let sequence = 1_000_000;
  const ids = async () => {
    const usdt = await ctx.currencyId('USDT');
    const btc = await ctx.currencyId('BTC');
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    return { usdt, btc, pairId: pair.id };
  };
  return {
    ids,
    /**
     * Records a trade of the pair at this price and instant; its default amount makes a notional (about
     * 10,000 at a price of 100) that reaches the pair's minimum on its own, so it alone prices an order.
     */
    async trade(pairId: number, price: string, at: Date, amount = '100') {
      sequence += 1;
      await ctx.prisma.$executeRawUnsafe(
        `INSERT INTO spot_trades (match_id, sequence, price, amount, quote_amount, taker_order_id, maker_order_id,
           taker_user_id, maker_user_id, taker_side, buyer_fee, seller_fee, created_at)
         VALUES ($1, $2, $3::numeric, $5::numeric, $3::numeric * $5::numeric, 0, 0, 0, 0, 1, 0, 0, $4)`,
        pairId,
        sequence,
        price,
        at,
        amount,
      );
    },
    /** A signed-in user with `amount` in the micro account of a currency. */
    async trader(amount: string, currency = 'USDT') {
      const user = await ctx.signedInUser();
      await ctx.deposit(user.account, currency, amount);
      const moved = await ctx.post(
        '/api/wallet/change',
        {
          currency_id: await ctx.currencyId(currency),
          number: amount,
          from_field: 'change',
          to_field: 'micro',
        },
        user.token,
      );
      const answer = moved.body as { type: string };
      if (answer.type !== 'ok') throw new Error(`funding failed: ${JSON.stringify(answer)}`);
      return user;
    },
    async micro(userId: number, currencyId: number) {
      const wallet = await ctx.prisma.wallet.findUniqueOrThrow({
        where: { user_id_currency_id: { user_id: userId, currency_id: currencyId } },
      });
      return { available: wallet.micro_balance.toFixed(), locked: wallet.lock_micro_balance.toFixed() };
    },
    async pool(currencyId: number) {
      const [row] = await ctx.prisma.$queryRawUnsafe<{ amount: string }[]>(
        "SELECT COALESCE(SUM(delta), 0)::text AS amount FROM house_entries WHERE currency_id = $1 AND account = 'micro_pool'",
        currencyId,
      );
      return row?.amount ?? '0';
    },
  };
}
