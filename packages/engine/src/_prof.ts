import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
import type { PlaceCommand } from './types';
function orders(seed: number, n: number, maxLots: number): PlaceCommand[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const side = random() < 0.5 ? 'buy' : 'sell'; const off = randomInt(random, 1, 1000);
    return { type: 'place', orderId: i + 1, ownerId: 2, side, kind: 'limit', priceTicks: side === 'buy' ? 10000 - off : 10000 + off, quantityLots: randomInt(random, 1, maxLots), timeInForce: 'GTC', postOnly: false, selfTrade: 'cancel-taker' } as PlaceCommand;
  });
}
const mode = process.argv[2];
for (let round = 0; round < 5; round++) {
  if (mode === 'insert') {
    const cmds = orders(round, 200000, 100);
    const book = new OrderBook();
    const t = performance.now();
    for (const c of cmds) book.apply(c);
    console.log('insert', Math.round(200000 / ((performance.now() - t) / 1000)));
  } else {
    const book = new OrderBook();
    for (const c of orders(round, 500000, 10)) book.apply(c);
    const r = mulberry32(99);
    const takes: PlaceCommand[] = Array.from({ length: 100000 }, (_, i) => ({ type: 'place', orderId: 1e6 + i, ownerId: 1, side: i % 2 ? 'sell' : 'buy', kind: 'market', quantityLots: randomInt(r, 10, 30), timeInForce: 'IOC', postOnly: false, selfTrade: 'cancel-taker' }));
    const t = performance.now();
    let n = 0;
    for (const c of takes) n += book.apply(c).length;
    console.log('market', Math.round(100000 / ((performance.now() - t) / 1000)), n);
  }
}
