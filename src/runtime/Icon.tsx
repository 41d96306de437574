/*
 * Our icons, drawn in the current text colour (no emoji, no icon font: both depend on fonts).
 * Each drawing is a constant next to the one element that shows it, so that a page downloads only
 * the drawings it shows; the close cross, on every dialog and message, is here.
 */

/** An icon: its name (in the class `fm-icon--<name>`) and its 24 × 24 drawing. */
export interface IconShape {
  readonly name: string;
  readonly d: string;
}

export const closeIcon: IconShape = { name: 'close', d: 'M7 7l10 10M17 7L7 17' };

export interface IconProps {
  icon: IconShape;
  /** The icon's accessible name; without one the icon is decorative (its control is named). */
  label?: string;
  className?: string;
}

/** An inline SVG icon: `role="img"` with its name when labelled, hidden when decorative. */
export function Icon({ icon, label, className }: IconProps) {
  const drawing = {
    className: `fm-icon fm-icon--${icon.name}${className ? ` ${className}` : ''}`,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    focusable: 'false',
  } as const;
  if (!label) {
    return (
      <svg {...drawing} aria-hidden="true">
        <path d={icon.d} />
      </svg>
    );
  }
  return (
    <svg {...drawing} role="img" aria-label={label}>
      <title>{label}</title>
      <path d={icon.d} />
    </svg>
  );
}
