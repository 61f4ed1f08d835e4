// Placeholder until the screen is built.
export default function TradePasswordPage() {
  return <div className="container">TradePasswordPage</div>;
}
