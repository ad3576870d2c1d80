import { useId, useState, type KeyboardEvent } from 'react';

/**
 * A tooltip shown on hover and keyboard focus, hidden on Escape, whose text is also the trigger's
 * description (screen readers announce it without hovering). Spread `wrapper` on the element that
 * holds trigger and tooltip, `trigger` on the button, `tooltip` on the text.
 */
export function useTooltip() {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return {
    wrapper: { onMouseEnter: () => setVisible(true), onMouseLeave: () => setVisible(false) },
    trigger: {
      'aria-describedby': id,
      onFocus: () => setVisible(true),
      onBlur: () => setVisible(false),
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'Escape' && visible) {
          e.stopPropagation();
          setVisible(false);
        }
      },
    },
    tooltip: { id, role: 'tooltip', hidden: !visible },
  };
}
