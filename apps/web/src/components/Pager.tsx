/** Previous / next over numbered pages, with "page / last" between; nothing while there is one page. */
export function Pager({
  page,
  last,
  onPage,
  label,
  prevLabel,
  nextLabel,
  testIdPrefix,
}: {
  page: number;
  last: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name. */
  label: string;
  prevLabel: string;
  nextLabel: string;
  /** Test ids `<prefix>-prev` and `<prefix>-next` of the two buttons. */
  testIdPrefix?: string;
}) {
  if (last <= 1) return null;
  const step = (to: number, disabled: boolean, text: string, name: string) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={disabled}
      onClick={() => onPage(to)}
      data-testid={testIdPrefix && `${testIdPrefix}-${name}`}
    >
      {text}
    </button>
  );
  return (
    <nav className="pager" aria-label={label}>
      {step(page - 1, page <= 1, prevLabel, 'prev')}
      <span className="num secondary">
        {page} / {last}
      </span>
      {step(page + 1, page >= last, nextLabel, 'next')}
    </nav>
  );
}
