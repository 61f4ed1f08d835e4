// Placeholder until the screen is built.
export default function NoticeListPage() {
  return <div className="container">NoticeListPage</div>;
}
