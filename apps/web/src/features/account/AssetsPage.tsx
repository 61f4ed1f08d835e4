// Placeholder until the screen is built.
export default function AssetsPage() {
  return <div className="container">AssetsPage</div>;
}
