import { OrderBook as PeerBook, Side } from 'nodejs-order-book';
import { OrderBook } from './order-book';
import { mulberry32, randomInt } from './prng';
const random = mulberry32(1);
const peer = new PeerBook();
const ours = new OrderBook();
for (let i = 1; i <= 50000; i++) {
  const side = random() < 0.5 ? 'buy' : 'sell';
  const off = randomInt(random, 1, 1000);
  const price = side === 'buy' ? 10000 - off : 10000 + off;
  const size = randomInt(random, 1, 10);
  peer.limit({ id: String(i), side: side as Side, price, size });
  ours.apply({
    type: 'place',
    orderId: i,
    ownerId: 2,
    side,
    kind: 'limit',
    priceTicks: price,
    quantityLots: size,
    timeInForce: 'GTC',
    postOnly: false,
    selfTrade: 'cancel-taker',
  });
}
const same = () => {
  const [a, b] = peer.depth();
  return JSON.stringify({ bids: b, asks: a }) === JSON.stringify(ours.depth(1e9));
};
console.log('after setup', same());
const r2 = mulberry32(1 + 2);
for (let i = 0; i < 10000; i++) {
  const side = i % 2 === 0 ? 'buy' : 'sell';
  const size = randomInt(r2, 10, 30);
  const price = side === 'buy' ? 11000 : 9000;
  const r = peer.limit({ id: String(50001 + i), side: side as Side, size, price });
  const ev = ours.apply({
    type: 'place',
    orderId: 50001 + i,
    ownerId: 1,
    side,
    kind: 'limit',
    priceTicks: price,
    quantityLots: size,
    timeInForce: 'GTC',
    postOnly: false,
    selfTrade: 'cancel-taker',
  });
  if (i % 100 === 0 && !same()) {
    const [a, b] = peer.depth();
    console.log(
      'diverged by',
      i,
      side,
      size,
      JSON.stringify(r).slice(0, 1600),
      JSON.stringify(ev).slice(0, 1600),
      JSON.stringify(b.slice(0, 3)),
      JSON.stringify(a.slice(0, 3)),
      JSON.stringify(ours.depth(3)),
    );
    break;
  }
}
console.log('end', same());
