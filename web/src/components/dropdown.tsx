import './dropdown.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

/** Spec §2 / §9: dropdowns open and close with a 300 ms debounce. */
export const DROPDOWN_DEBOUNCE_MS = 300;

export interface DropdownItem {
  id: string;
  label: ReactNode;
  /** Runs when the item is chosen (click, Enter or Space); the menu closes first. */
  onSelect?: () => void;
  /** Renders the item as a link instead of a button. */
  href?: string;
  /** Marks the current choice of a single-choice menu (menuitemradio with aria-checked). */
  checked?: boolean;
  lang?: string;
  testId?: string;
}

export interface DropdownProps {
  /** Visible content of the trigger button (an icon or a short label). */
  trigger: ReactNode;
  /** Accessible name of the trigger button (and of the menu, unless `menuLabel` is given). */
  label: string;
  /** Accessible name of the menu, when it differs from the button's (a button named after its visible text). */
  menuLabel?: string;
  items: readonly DropdownItem[];
  /** Non-interactive content shown above the items (e.g. the account's name and vendor id). */
  header?: ReactNode;
  disabled?: boolean;
  testId?: string;
  className?: string;
  align?: 'start' | 'end';
}

type FocusTarget = 'first' | 'last';

/**
 * One menu button for the header: aria-haspopup / aria-expanded, role=menu with menuitems. The trigger
 * toggles with a trailing 300 ms debounce (rapid clicks collapse; a double click changes nothing).
 * Outside clicks, Escape and choosing an item close at once. Keyboard: Enter, Space or ArrowDown open
 * on the first item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus.
 */
export function Dropdown({ trigger, label, menuLabel, items, header, disabled = false, testId, className, align = 'end' }: DropdownProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // A disabled trigger (loading, signed out) never shows its menu.
  const shown = open && !disabled;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; target: boolean } | null>(null);
  const focusOnOpen = useRef<FocusTarget | null>(null);

  const cancelPending = () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  };

  /** Debounced: the state requested last wins once 300 ms pass without another request. */
  const request = (target: boolean, focus: FocusTarget | null) => {
    cancelPending();
    if (target === shown) {
      focusOnOpen.current = null;
      return;
    }
    focusOnOpen.current = target ? focus : null;
    pending.current = {
      target,
      timer: setTimeout(() => {
        pending.current = null;
        setOpen(target);
      }, DROPDOWN_DEBOUNCE_MS),
    };
  };

  const closeNow = (returnFocus: boolean) => {
    cancelPending();
    focusOnOpen.current = null;
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const focusableItems = () => itemRefs.current.slice(0, items.length).filter((el): el is HTMLElement => el !== null);

  // A pending toggle must not fire after unmount.
  useEffect(() => {
    const timers = pending;
    return () => {
      if (timers.current) clearTimeout(timers.current.timer);
    };
  }, []);

  useEffect(() => {
    if (!shown) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    const focusable = focusableItems();
    if (target) (target === 'first' ? focusable[0] : focusable[focusable.length - 1])?.focus();

    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        cancelPending();
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
    // focusableItems reads refs only; re-running on its identity would refocus on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const onTriggerClick = (event: MouseEvent<HTMLButtonElement>) => {
    const wanted = !(pending.current ? pending.current.target : shown);
    // detail 0: the click came from Enter or Space, so the keyboard user lands on the first item.
    request(wanted, event.detail === 0 ? 'first' : null);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const focus: FocusTarget = event.key === 'ArrowDown' ? 'first' : 'last';
      if (shown) {
        const focusable = focusableItems();
        (focus === 'first' ? focusable[0] : focusable[focusable.length - 1])?.focus();
      } else request(true, focus);
    } else if (event.key === 'Escape' && (shown || pending.current)) {
      event.preventDefault();
      closeNow(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const focusable = focusableItems();
    const index = focusable.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      focusable[(to + focusable.length) % focusable.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index < 0 ? -1 : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(-1);
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        return closeNow(true);
      case 'Tab':
        return closeNow(false);
      case ' ':
        // Links do not react to Space natively; menu items should.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
    }
  };

  const choose = (item: DropdownItem) => {
    closeNow(true);
    item.onSelect?.();
  };

  return (
    <div ref={rootRef} className={['dropdown', className].filter(Boolean).join(' ')}>
      <button
        ref={buttonRef}
        type="button"
        className="dropdown-trigger"
        aria-haspopup="menu"
        aria-expanded={shown}
        aria-controls={shown ? menuId : undefined}
        aria-label={label}
        disabled={disabled}
        data-testid={testId}
        onClick={onTriggerClick}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      {shown && (
        <div className={`dropdown-popup dropdown-popup-${align}`}>
          {header && <div className="dropdown-header">{header}</div>}
          <ul id={menuId} role="menu" aria-label={menuLabel ?? label} className="dropdown-menu" onKeyDown={onMenuKeyDown}>
            {items.map((item, i) => {
              const common = {
                ref: (el: HTMLElement | null) => {
                  itemRefs.current[i] = el;
                },
                role: item.checked === undefined ? 'menuitem' : 'menuitemradio',
                'aria-checked': item.checked,
                tabIndex: -1,
                lang: item.lang,
                className: 'dropdown-item',
                'data-testid': item.testId,
              } as const;
              return (
                <li key={item.id} role="none">
                  {item.href ? (
                    <a {...common} href={item.href} onClick={() => choose(item)}>
                      {item.label}
                    </a>
                  ) : (
                    <button {...common} type="button" onClick={() => choose(item)}>
                      {item.label}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
