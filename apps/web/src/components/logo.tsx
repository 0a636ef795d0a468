/** The Forecourt mark: a fuel pump on an indigo tile (the favicon draws the same shape). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-6)" />
      <rect x="7" y="7" width="12" height="19" rx="2" fill="#fff" />
      <rect x="9.5" y="10" width="7" height="5" rx="1" fill="var(--mantine-color-indigo-6)" />
      <path
        d="M19 12h3.5a1.5 1.5 0 0 1 1.5 1.5V21a1.5 1.5 0 0 0 3 0v-9l-3-3"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
