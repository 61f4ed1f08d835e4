interface PresetsProps {
  values: readonly string[];
  /** The field's value: the preset equal to it is marked. */
  current: string;
  onPick: (value: string) => void;
  className: string;
  chipClassName: string;
  testId: string;
}

/** Buttons that fill a field with one of its usual values (a share count, a stake). */
export function Presets({ values, current, onPick, className, chipClassName, testId }: PresetsProps) {
  return (
    <div className={className}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className={`${chipClassName}${current === value ? ' active' : ''}`}
          aria-pressed={current === value}
          onClick={() => onPick(value)}
          data-testid={testId}
        >
          {value}
        </button>
      ))}
    </div>
  );
}
