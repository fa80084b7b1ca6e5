/** The Aposta word mark: the project's own mark, an upward "A" with a ball. */
export function Logo() {
  return (
    <svg
      viewBox="0 0 120 32"
      width="100%"
      height="100%"
      preserveAspectRatio="xMinYMid meet"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 28 16 4l12 24h-7l-5-11-5 11z" fill="#2ee59d" />
      <circle cx="16" cy="24" r="3.2" fill="#ffd23f" />
      <text x="34" y="23" fill="#eef3ff" fontSize="18" fontWeight="800" fontFamily="system-ui, sans-serif">
        Aposta
      </text>
    </svg>
  );
}
