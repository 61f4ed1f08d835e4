// Placeholder until the screen is built.
export default function AllMarketsPage() {
  return <div className="container">AllMarketsPage</div>;
}
