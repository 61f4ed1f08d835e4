import type { ButtonHTMLAttributes, ReactNode } from 'react';

type TabProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'className' | 'onClick'> & {
  active: boolean;
  onSelect: () => void;
  /** A tab of a tab list, or an option of a radio group drawn the same way (checked rather than selected). */
  role?: 'tab' | 'radio';
  /** The tab's classes, the chosen one adding `active`; or, where a screen marks it otherwise, all its classes. */
  className?: string | ((active: boolean) => string);
  testId?: string;
};

/** One tab of a tab list: the screens only differ in their classes, so the markup and the states live here. */
export function Tab({
  active,
  onSelect,
  role = 'tab',
  className = 'tab',
  testId,
  children,
  ...rest
}: TabProps) {
  return (
    <button
      {...rest}
      type="button"
      role={role}
      aria-selected={role === 'tab' ? active : undefined}
      aria-checked={role === 'radio' ? active : undefined}
      className={
        typeof className === 'function' ? className(active) : `${className}${active ? ' active' : ''}`
      }
      onClick={onSelect}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

interface TabsProps<T extends string | number> {
  items: readonly T[];
  value: T | null | undefined;
  onChange: (item: T) => void;
  label: (item: T) => ReactNode;
  testId?: (item: T) => string;
  /** The list's classes (`tabs`, `pill-tabs`, ...). */
  className: string;
  /** A tab's classes: a string (the chosen tab adds `active`) or all of them from the tab and its state. */
  tabClassName?: string | ((item: T, active: boolean) => string);
  as?: 'div' | 'nav';
  'aria-label'?: string;
  /** Tabs placed before the listed ones (a favourites tab). */
  children?: ReactNode;
}

/** A row of tabs choosing one of `items`. */
export function Tabs<T extends string | number>({
  items,
  value,
  onChange,
  label,
  testId,
  className,
  tabClassName = 'tab',
  as: List = 'div',
  'aria-label': ariaLabel,
  children,
}: TabsProps<T>) {
  return (
    <List className={className} role="tablist" aria-label={ariaLabel}>
      {children}
      {items.map((item) => (
        <Tab
          key={item}
          active={value === item}
          onSelect={() => onChange(item)}
          className={
            typeof tabClassName === 'function' ? (active) => tabClassName(item, active) : tabClassName
          }
          testId={testId?.(item)}
        >
          {label(item)}
        </Tab>
      ))}
    </List>
  );
}

/** Tabs drawn as small buttons, the chosen one primary (the console's filters). */
export const buttonTab = (_item: unknown, active: boolean) =>
  `btn btn-sm ${active ? 'btn-primary' : 'btn-ghost'}`;
