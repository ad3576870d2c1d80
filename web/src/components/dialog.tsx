import './dialog.css';
import { useEffect, useId, useRef, type FormHTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the innermost reacts to Escape and keeps Tab (a nested dialog, e.g. Change password over Account settings). */
const openPanels: HTMLElement[] = [];

export interface DialogProps {
  title: ReactNode;
  /** Called on Escape, on a click outside the dialog, and by the dialog's own buttons. */
  onClose(): void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /**
   * Makes the body and the footer one form (noValidate), so a footer button of type submit and
   * Enter in a field submit it as in any form.
   */
  form?: FormHTMLAttributes<HTMLFormElement>;
  testId?: string;
}

/**
 * A modal dialog (role=dialog, aria-modal) rendered into <body>: focus moves into it and is kept there
 * (Tab wraps), Escape or a click on the backdrop closes it, and focus returns to where it was. Mount it
 * to open it; unmount it to close it. Dialogs may nest: Escape and Tab belong to the innermost one.
 */
export function Dialog({ title, onClose, children, footer, form, testId }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    if (panel) openPanels.push(panel);

    const onKeyDown = (event: KeyboardEvent) => {
      if (!panel || openPanels[openPanels.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (focusable.length === 0) return event.preventDefault();
        const firstEl = focusable[0]!;
        const lastEl = focusable[focusable.length - 1]!;
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  const content = (
    <>
      <div className="dialog-body">{children}</div>
      {footer && <div className="dialog-footer">{footer}</div>}
    </>
  );

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div ref={panelRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} data-testid={testId}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {form ? (
          <form noValidate {...form}>
            {content}
          </form>
        ) : (
          content
        )}
      </div>
    </div>,
    document.body,
  );
}
