/** A pair's coin: its logo when the server has one, else its initial on a colour derived from the name. */
const HUES = [28, 45, 200, 260, 150, 340, 190, 10];

function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[hash % HUES.length] ?? 45;
}

export function CoinIcon({ name, logo, size = 24 }: { name: string; logo?: string; size?: number }) {
  if (logo) {
    return <img className="coin-icon" src={logo} alt="" width={size} height={size} loading="lazy" />;
  }
  const hue = hueOf(name);
  return (
    <span
      className="coin-icon"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.46),
        background: `hsl(${hue} 70% 50% / 0.16)`,
        color: `hsl(${hue} 75% 58%)`,
      }}
    >
      {name.slice(0, 1)}
    </span>
  );
}
