// Placeholder until the screen is built.
export default function IdentityPage() {
  return <div className="container">IdentityPage</div>;
}
