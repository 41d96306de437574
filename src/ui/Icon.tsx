/** Our icons, drawn in the current text colour (no emoji, no icon font: both depend on fonts). */
const PATHS = {
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 3',
  check: 'M4 12.5l5 5L20 6.5',
  close: 'M7 7l10 10M17 7L7 17',
  cross: 'M6 6l12 12M18 6L6 18',
  refresh: 'M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5',
} as const;

export type IconName = keyof typeof PATHS;

export interface IconProps {
  name: IconName;
  /** The icon's accessible name; without one the icon is decorative (its control is named). */
  label?: string;
  className?: string;
}

/** An inline SVG icon: `role="img"` with its name when labelled, hidden when decorative. */
export function Icon({ name, label, className }: IconProps) {
  const drawing = {
    className: `fm-icon fm-icon--${name}${className ? ` ${className}` : ''}`,
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
        <path d={PATHS[name]} />
      </svg>
    );
  }
  return (
    <svg {...drawing} role="img" aria-label={label}>
      <title>{label}</title>
      <path d={PATHS[name]} />
    </svg>
  );
}
