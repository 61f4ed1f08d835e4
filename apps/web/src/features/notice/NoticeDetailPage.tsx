// Placeholder until the screen is built.
export default function NoticeDetailPage() {
  return <div className="container">NoticeDetailPage</div>;
}
