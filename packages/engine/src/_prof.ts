import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
import type { PlaceCommand } from './types';
function orders(seed: number, n: number, maxLots: number): PlaceCommand[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, (_, i) => {
    const side = random() < 0.5 ? 'buy' : 'sell';
    const off = randomInt(random, 1, 1000);
    return {
      type: 'place',
      orderId: i + 1,
      ownerId: 2,
      side,
      kind: 'limit',
      priceTicks: side === 'buy' ? 10000 - off : 10000 + off,
      quantityLots: randomInt(random, 1, maxLots),
      timeInForce: 'GTC',
      postOnly: false,
      selfTrade: 'cancel-taker',
    } as PlaceCommand;
  });
}
const ins: number[] = [];
const mk: number[] = [];
const cx: number[] = [];
for (let round = 0; round < 8; round++) {
  {
    const cmds = orders(round, 200000, 100);
    const book = new OrderBook();
    const t = performance.now();
    let n = 0;
    for (const c of cmds) n += book.apply(c).length;
    ins.push(200000 / ((performance.now() - t) / 1000));
    const ids = cmds.map((c) => c.orderId).sort(() => 0);
    const t2 = performance.now();
    for (const id of ids) n += book.apply({ type: 'cancel', orderId: id }).length;
    cx.push(200000 / ((performance.now() - t2) / 1000));
  }
  {
    const book = new OrderBook();
    for (const c of orders(round, 500000, 10)) book.apply(c);
    const r = mulberry32(99);
    const takes: PlaceCommand[] = Array.from({ length: 100000 }, (_, i) => ({
      type: 'place',
      orderId: 1e6 + i,
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
    mk.push(100000 / ((performance.now() - t) / 1000));
  }
}
const best = (a: number[]) => Math.round(Math.max(...a.slice(2)));
const med = (a: number[]) => Math.round([...a.slice(2)].sort((x, y) => x - y)[3] ?? 0);
console.log(
  `insert best ${best(ins)} med ${med(ins)} | cancel(fifo) best ${best(cx)} med ${med(cx)} | market best ${best(mk)} med ${med(mk)}`,
);
