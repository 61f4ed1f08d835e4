// Placeholder until the screen is built.
export default function PolicyPage() {
  return <div className="container">PolicyPage</div>;
}
