import './info-tooltip.css';
import { useId, useState } from 'react';

/**
 * An info icon that shows a short text on hover or keyboard focus (and hides it on Escape). The text is
 * also the button's description, so screen readers announce it without hovering.
 */
export function InfoTooltip({ label, text, testId }: { label: string; text: string; testId?: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <span className="info-tooltip" onMouseEnter={() => setVisible(true)} onMouseLeave={() => setVisible(false)}>
      <button
        type="button"
        className="icon-button info-tooltip-button"
        aria-label={label}
        aria-describedby={id}
        data-testid={testId}
        onFocus={() => setVisible(true)}
        onBlur={() => setVisible(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && visible) {
            e.stopPropagation();
            setVisible(false);
          }
        }}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 8.5v5.5M10 5.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <span id={id} role="tooltip" className="info-tooltip-text" hidden={!visible}>
        {text}
      </span>
    </span>
  );
}
