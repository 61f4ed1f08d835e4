// Placeholder until the screen is built.
export default function ExchangePage() {
  return <div className="container">ExchangePage</div>;
}
