import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface DropdownProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  triggerTestId?: string;
  /** Accessible name of the trigger when it shows only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  menuClassName?: string;
  align?: 'left' | 'right';
  children: ReactNode;
}

const HOVER_CLOSE_DELAY_MS = 150;

/**
 * A header menu: opens on hover (mouse) and on click or keyboard, closes when the pointer leaves a
 * hover-opened menu, on a click outside, on Escape and after an item is chosen. A click on a hover-opened
 * menu pins it open, so "hover, then click" never closes it by surprise.
 */
export function Dropdown({
  trigger,
  triggerTestId,
  triggerLabel,
  triggerClassName = 'hdr-btn',
  menuClassName = '',
  align = 'right',
  children,
}: DropdownProps) {
  const [openedBy, setOpenedBy] = useState<'hover' | 'click' | null>(null);
  const open = openedBy !== null;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedBy(null);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedBy(null);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const focusItem = (step: 1 | -1 | 0) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('a[href], button') ?? []);
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = step === 0 ? 0 : (current + step + items.length) % items.length;
    items[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      setOpenedBy('click');
      requestAnimationFrame(() => focusItem(0));
      return;
    }
    focusItem(event.key === 'ArrowDown' ? 1 : -1);
  };

  return (
    <div
      ref={rootRef}
      className={`dropdown hdr-dropdown${open ? ' open' : ''}`}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        clearTimeout(closeTimer.current);
        setOpenedBy((current) => current ?? 'hover');
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        closeTimer.current = setTimeout(
          () => setOpenedBy((current) => (current === 'hover' ? null : current)),
          HOVER_CLOSE_DELAY_MS,
        );
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        data-testid={triggerTestId}
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpenedBy((current) => (current === 'click' ? null : 'click'))}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          className={`dropdown-menu hdr-menu hdr-menu-${align} ${menuClassName}`}
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a, button')) setOpenedBy(null);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
