// Placeholder until the screen is built.
export default function LoginPage() {
  return <div className="container">LoginPage</div>;
}
