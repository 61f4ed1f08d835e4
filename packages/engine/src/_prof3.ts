import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
import type { PlaceCommand } from './types';
const random = mulberry32(5);
const cmds: PlaceCommand[] = Array.from({ length: 200_000 }, (_, i) => {
  const side = random() < 0.5 ? 'buy' : 'sell'; const off = randomInt(random, 1, 1000);
  return { type: 'place', orderId: i + 1, ownerId: 2, side, kind: 'limit', priceTicks: side === 'buy' ? 10000 - off : 10000 + off, quantityLots: randomInt(random, 1, 100), timeInForce: 'GTC', postOnly: false, selfTrade: 'cancel-taker' } as PlaceCommand;
});
const rates: number[] = []; const cpu: number[] = [];
for (let round = 0; round < 20; round++) {
  const book = new OrderBook();
  const c0 = process.cpuUsage();
  const t = performance.now();
  let n = 0;
  for (const c of cmds) n += book.apply(c).length;
  rates.push(200000 / ((performance.now() - t) / 1000));
  const c1 = process.cpuUsage(c0);
  cpu.push(200000 / ((c1.user + c1.system) / 1e6));
}
const s = (a: number[]) => { const b = a.slice(5).sort((x, y) => x - y); return `best ${Math.round(b[b.length - 1]! / 1000)}k med ${Math.round(b[Math.floor(b.length / 2)]! / 1000)}k`; };
console.log('insert wall', s(rates), '| cpu', s(cpu));
