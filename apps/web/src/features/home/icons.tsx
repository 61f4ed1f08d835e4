import type { ReactNode, SVGProps } from 'react';

/** Inline icons of the home and markets screens. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

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

export const StarIcon = ({ filled, size = 15 }: { filled: boolean; size?: number }) => (
  <Icon size={size} fill={filled ? 'currentColor' : 'none'} strokeWidth={1.6}>
    <path d="m12 2.8 2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z" />
  </Icon>
);

export const ShieldIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const ServerIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="3" width="18" height="7" rx="2" />
    <rect x="3" y="14" width="18" height="7" rx="2" />
    <path d="M7 6.5h.01M7 17.5h.01M11 6.5h6M11 17.5h6" />
  </Icon>
);

export const BoltIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const SpeakerIcon = (props: IconProps) => (
  <Icon size={16} {...props}>
    <path d="M11 5 6 9H2v6h4l5 4z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon size={14} {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

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
