// Placeholder until the header is built.
export function Header() {
  return <header />;
}
