import {
  formatTime,
  formatZonedTime,
  instantOf,
  isoOf,
  NO_TIME,
  zoneLabel,
  type TimeStyle,
  type TimeValue,
} from '../lib/time';

/**
 * A moment in the viewer's own zone (lib/time), with the zone on hover; `withZone` writes it out too, for
 * times that stand alone rather than under a column header that names the zone.
 */
export function LocalTime({
  value,
  style = 'dateTime',
  withZone = false,
  className = 'num',
  testId,
}: {
  value: TimeValue;
  style?: TimeStyle;
  withZone?: boolean;
  className?: string;
  testId?: string;
}) {
  const instant = instantOf(value);
  if (instant === null) return <span className={className}>{NO_TIME}</span>;
  return (
    <time className={className} dateTime={isoOf(instant)} title={zoneLabel(instant)} data-testid={testId}>
      {withZone ? formatZonedTime(instant, style) : formatTime(instant, style)}
    </time>
  );
}

/** A column header naming the viewer's zone: `Time (UTC+8)`. */
export function ZonedHeader({ label }: { label: string }) {
  return (
    <>
      {label} <span className="zone-label">({zoneLabel()})</span>
    </>
  );
}
