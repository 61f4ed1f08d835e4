export interface SideButton<S> {
  side: S;
  /** The button's classes: buy-green for the rising side, sell-red for the falling one. */
  className: string;
  testId: string;
  label: string;
}

/** The two ways into a trade, side by side: long or short (lever), up or down (seconds). */
export function SideButtons<S extends number>({
  className,
  sides,
  disabled,
  onChoose,
}: {
  className: string;
  sides: readonly SideButton<S>[];
  disabled: boolean;
  onChoose: (side: S) => void;
}) {
  return (
    <div className={className}>
      {sides.map((side) => (
        <button
          key={side.side}
          type="button"
          className={side.className}
          disabled={disabled}
          onClick={() => onChoose(side.side)}
          data-testid={side.testId}
        >
          {side.label}
        </button>
      ))}
    </div>
  );
}
