// Placeholder until the screen is built.
export default function ForgetPasswordPage() {
  return <div className="container">ForgetPasswordPage</div>;
}
