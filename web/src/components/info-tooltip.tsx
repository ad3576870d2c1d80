import './info-tooltip.css';
import { useTooltip } from './use-tooltip';

/**
 * An info icon that shows a short text on hover or keyboard focus (and hides it on Escape). The text is
 * also the button's description, so screen readers announce it without hovering.
 */
export function InfoTooltip({ label, text, testId }: { label: string; text: string; testId?: string }) {
  const tip = useTooltip();
  return (
    <span className="info-tooltip" {...tip.wrapper}>
      <button type="button" className="icon-button info-tooltip-button" aria-label={label} data-testid={testId} {...tip.trigger}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 8.5v5.5M10 5.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <span className="info-tooltip-text" {...tip.tooltip}>
        {text}
      </span>
    </span>
  );
}
