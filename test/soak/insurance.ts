import { burst, pick, type Trader, type World } from './traders';

/** The trader's insurance position of seconds contracts, as /api/insurance/my lists it. */
async function myPositions(world: World, trader: Trader): Promise<{ id: number; status: number }[]> {
  const listed = await world.client.call('insurance list', '/api/insurance/my', { token: trader.token });
  return Array.isArray(listed.message) ? (listed.message as { id: number; status: number }[]) : [];
}

/**
 * Seconds-contract insurance, paid in HAP from the micro account: buy a position (several times at once:
 * one position per currency may be held), or claim or exchange one the trader holds.
 */
export async function insure(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  const held = await myPositions(world, trader);
  const position = held.length > 0 ? pick(random, held) : undefined;
  if (position && random() < 0.5) {
    const action = position.status === 1 ? 'claim' : 'exchange';
    const answers = await burst(trader, () =>
      world.client.call(`insurance ${action}`, `/api/insurance/${action}`, {
        token: trader.token,
        form: { id: position.id },
      }),
    );
    if (answers.some((answer) => answer.ok)) world.acks.insuranceActed.add(position.id);
    return;
  }
  const answers = await burst(trader, () =>
    world.client.call('insurance buy', '/api/insurance/buy', {
      token: trader.token,
      form: { insurance_type_id: world.market.insuranceTypeId, quantity: 1 + Math.floor(random() * 3) },
    }),
  );
  for (const answer of answers) {
    const id = (answer.body.data as { id?: number } | undefined)?.id;
    if (answer.ok && id !== undefined) world.acks.insurancePositions.set(id, trader.id);
  }
}
