// Placeholder until the screen is built.
export default function BindEmailPage() {
  return <div className="container">BindEmailPage</div>;
}
