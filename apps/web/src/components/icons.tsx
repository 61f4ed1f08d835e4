import type { ReactNode, SVGProps } from 'react';

/**
 * Inline icons shared by the features (header, footer, home, markets, account, auth):
 * no icon font, nothing to download. Most are strokes on a 24-unit grid drawn by `Icon`.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 18, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** A part of a stroke icon: path data, or a circle or rounded rectangle where a path would be harder to read. */
type Shape =
  | string
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx: number };

const circle = (cx: number, cy: number, r: number): Shape => ({ kind: 'circle', cx, cy, r });
const rect = (x: number, y: number, width: number, height: number, rx: number): Shape => ({
  kind: 'rect',
  x,
  y,
  width,
  height,
  rx,
});

function drawShape(shape: Shape, index: number) {
  if (typeof shape === 'string') return <path key={index} d={shape} />;
  const { kind, ...attributes } = shape;
  return kind === 'circle' ? <circle key={index} {...attributes} /> : <rect key={index} {...attributes} />;
}

/** A stroke icon from its shapes, `defaultSize` units unless the caller passes a size. */
function strokeIcon(shapes: readonly Shape[], defaultSize = 18) {
  const drawn = shapes.map(drawShape);
  return function StrokeIcon(props: IconProps) {
    return (
      <Icon size={defaultSize} {...props}>
        {drawn}
      </Icon>
    );
  };
}

/** A filled single-path icon (the app stores' marks). */
function filledIcon(d: string) {
  return function FilledIcon({ size = 18 }: { size?: number }) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        <path d={d} />
      </svg>
    );
  };
}

export const LogoMark = ({ size = 26 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <path d="M16 2 30 16 16 30 2 16Z" fill="var(--accent)" />
    <path d="M16 9.5 22.5 16 16 22.5 9.5 16Z" fill="var(--accent-text)" />
    <path d="M16 13.2 18.8 16 16 18.8 13.2 16Z" fill="var(--accent)" />
  </svg>
);

export const BellIcon = strokeIcon([
  'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9',
  'M10.3 21a1.94 1.94 0 0 0 3.4 0',
]);

export const GlobeIcon = strokeIcon([
  circle(12, 12, 10),
  'M2 12h20',
  'M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z',
]);

export const SunIcon = strokeIcon([
  circle(12, 12, 4),
  'M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41',
]);

export const MoonIcon = strokeIcon(['M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z']);

export const UserIcon = strokeIcon([circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0']);

export const ChevronDownIcon = strokeIcon(['m6 9 6 6 6-6'], 14);

/** 18 units unless `size` says otherwise (the header's menus pass 14). */
export const ChevronRightIcon = strokeIcon(['m9 6 6 6-6 6']);

export const HeadsetIcon = strokeIcon([
  'M3 14v-2a9 9 0 0 1 18 0v2',
  'M21 15a2 2 0 0 1-2 2h-1v-6h1a2 2 0 0 1 2 2zM3 15a2 2 0 0 0 2 2h1v-6H5a2 2 0 0 0-2 2z',
  'M18 17v1a3 3 0 0 1-3 3h-3',
]);

export const SettingsIcon = strokeIcon([
  'M4 7h10M18 7h2M4 17h4M12 17h8',
  circle(16, 7, 2),
  circle(10, 17, 2),
]);

export const ListIcon = strokeIcon(['M9 6h11M9 12h11M9 18h11', 'M4 6h.01M4 12h.01M4 18h.01']);

export const CardIcon = strokeIcon([rect(2, 5, 20, 14, 2), 'M2 10h20M6 15h4']);

export const IdIcon = strokeIcon([
  rect(3, 4, 18, 16, 2),
  circle(9, 11, 2.2),
  'M5.8 16.5a3.5 3.5 0 0 1 6.4 0M15 10h3M15 14h3',
]);

export const GiftIcon = strokeIcon([
  rect(3, 8, 18, 4, 1),
  'M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7',
  'M7.5 8a2.5 2.5 0 0 1 0-5C10 3 12 8 12 8s2-5 4.5-5a2.5 2.5 0 0 1 0 5',
]);

export const LogoutIcon = strokeIcon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5M21 12H9']);

export const WalletIcon = strokeIcon([
  'M20 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3v2a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6',
]);

export const StoreIcon = strokeIcon([
  'M3 9 4.5 4h15L21 9',
  'M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0',
  'M5 11.5V20h14v-8.5M10 20v-5h4v5',
]);

export const CheckIcon = strokeIcon(['M20 6 9 17l-5-5'], 14);

export const AppleIcon = filledIcon(
  'M16.37 12.62c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.77-3.32-1.8-1.41-.14-2.76.83-3.47.83-.72 0-1.82-.81-2.99-.79-1.54.02-2.96.9-3.75 2.27-1.6 2.78-.41 6.89 1.15 9.14.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23.87-1.28 1.23-2.51 1.25-2.58-.03-.01-2.38-.91-2.4-3.66zM14.1 5.87c.63-.77 1.06-1.83.94-2.89-.91.04-2.02.61-2.67 1.37-.58.67-1.1 1.76-.96 2.8 1.02.08 2.06-.52 2.69-1.28z',
);

export const AndroidIcon = filledIcon(
  'M17.6 9.48 19.44 6.3a.38.38 0 0 0-.66-.38l-1.87 3.23a11.4 11.4 0 0 0-9.82 0L5.22 5.92a.38.38 0 0 0-.66.38L6.4 9.48A10.8 10.8 0 0 0 1 18h22a10.8 10.8 0 0 0-5.4-8.52zM7 15.25a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5zm10 0a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5z',
);

export const MailIcon = strokeIcon([rect(2, 4, 20, 16, 2), 'm22 7-10 6L2 7']);

export const MenuIcon = strokeIcon(['M4 6h16M4 12h16M4 18h16']);

export const StarIcon = ({ filled, size = 15 }: { filled: boolean; size?: number }) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'} strokeWidth={1.6}>
    <path d="m12 2.8 2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />
  </Icon>
);

export const ShieldIcon = strokeIcon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4']);

export const ServerIcon = strokeIcon([
  rect(3, 3, 18, 7, 2),
  rect(3, 14, 18, 7, 2),
  'M7 6.5h.01M7 17.5h.01M11 6.5h6M11 17.5h6',
]);

export const BoltIcon = strokeIcon(['M13 2 4 14h7l-1 8 9-12h-7z']);

export const ChevronLeftIcon = strokeIcon(['m15 6-6 6 6 6']);

export const SearchIcon = strokeIcon([circle(11, 11, 7), 'm20 20-3.5-3.5'], 16);

export const SpeakerIcon = strokeIcon(
  ['M11 5 6 9H2v6h4l5 4z', 'M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14'],
  16,
);

export const CloseIcon = strokeIcon(['M18 6 6 18M6 6l12 12'], 14);

/** Two stacked carets; the active direction is lit. */
export const SortIcon = ({ direction }: { direction: 'asc' | 'desc' | null }) => (
  <svg width="8" height="12" viewBox="0 0 8 12" aria-hidden="true" focusable="false" className="sort-icon">
    <path
      d="M4 0 8 5H0z"
      fill={direction === 'asc' ? 'var(--accent)' : 'var(--text-muted)'}
      opacity={direction === 'asc' ? 1 : 0.5}
    />
    <path
      d="M4 12 0 7h8z"
      fill={direction === 'desc' ? 'var(--accent)' : 'var(--text-muted)'}
      opacity={direction === 'desc' ? 1 : 0.5}
    />
  </svg>
);

/** An eye, struck through when `crossed`: shows or hides a password or the amounts. */
export const EyeIcon = ({ crossed, size = 18 }: { crossed: boolean; size?: number }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
    />
    <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
    {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />}
  </svg>
);

/** A single thin-stroke path (the account menu and the security rows). */
export const PathIcon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
