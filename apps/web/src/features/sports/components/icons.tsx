// The sportsbook's own small icons; stroke follows the text colour like the shell's.
const common = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const LockIcon = () => (
  <svg {...common}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);

export const TicketIcon = () => (
  <svg {...common}>
    <path d="M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4z" />
    <path d="M10 7v10" strokeDasharray="2 2" />
  </svg>
);

export const ChevronIcon = () => (
  <svg {...common}>
    <path d="M9 5l7 7-7 7" />
  </svg>
);
