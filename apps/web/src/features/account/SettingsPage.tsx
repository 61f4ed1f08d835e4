// Placeholder until the screen is built.
export default function SettingsPage() {
  return <div className="container">SettingsPage</div>;
}
