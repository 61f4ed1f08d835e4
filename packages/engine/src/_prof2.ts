import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
import type { PlaceCommand } from './types';
const random = mulberry32(5);
const book = new OrderBook();
for (let i = 1; i <= 2_000_000; i++) {
  const side = random() < 0.5 ? 'buy' : 'sell';
  const off = randomInt(random, 1, 1000);
  book.apply({
    type: 'place',
    orderId: i,
    ownerId: 2,
    side,
    kind: 'limit',
    priceTicks: side === 'buy' ? 10000 - off : 10000 + off,
    quantityLots: randomInt(random, 1, 10),
    timeInForce: 'GTC',
    postOnly: false,
    selfTrade: 'cancel-taker',
  });
}
const r = mulberry32(99);
const takes: PlaceCommand[] = Array.from({ length: 400000 }, (_, i) => ({
  type: 'place',
  orderId: 1e7 + i,
  ownerId: 1,
  side: i % 2 ? 'sell' : 'buy',
  kind: 'market',
  quantityLots: randomInt(r, 10, 30),
  timeInForce: 'IOC',
  postOnly: false,
  selfTrade: 'cancel-taker',
}));
const t = performance.now();
let n = 0;
for (const c of takes) n += book.apply(c).length;
console.log('market', Math.round(400000 / ((performance.now() - t) / 1000)), n);
