// Placeholder until the screen is built.
export default function RegisterPage() {
  return <div className="container">RegisterPage</div>;
}
