/**
 * The social networks' marks, drawn like the lucide icons beside them: 24-unit box, 2-unit
 * round strokes.
 */
const DRAWINGS = {
  x: (
    <>
      <path d="M4 4l11.7 16H20L8.3 4H4z" />
      <path d="M20 4l-6.6 7.3M4 20l6.6-7.3" />
    </>
  ),
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  tiktok: <path d="M9 12a4 4 0 1 0 4 4V3c.5 2.8 2.4 4.7 5 5" />,
  whatsapp: (
    <>
      <path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z" />
      <path d="M9 8.5c0 3.3 3.2 6.5 6.5 6.5l1-1.6-2.1-1-1 .9a5 5 0 0 1-2.7-2.7l.9-1-1-2.1z" />
    </>
  ),
};

export function SocialMark({ network }: { network: keyof typeof DRAWINGS }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="size-5"
    >
      {DRAWINGS[network]}
    </svg>
  );
}

/**
 * The hero's picture, drawn inline (no request, no layout shift): a building with a calendar
 * of twelve monthly payments, and a phone showing the broker's commission.
 */
export function HeroIllustration() {
  const months = Array.from({ length: 12 }, (_, i) => i);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 480 260"
      width="480"
      height="260"
      aria-hidden="true"
      focusable="false"
      className="mx-auto h-auto w-full max-w-md"
    >
      <ellipse cx="240" cy="238" rx="220" ry="16" fill="#ccfbf1" />
      {/* The building */}
      <rect x="60" y="60" width="130" height="176" rx="6" fill="#0f766e" />
      <rect x="76" y="40" width="98" height="24" rx="4" fill="#115e59" />
      {[0, 1, 2, 3, 4].map((row) =>
        [0, 1, 2].map((col) => (
          <rect
            key={`${row}-${col}`}
            x={78 + col * 34}
            y={76 + row * 28}
            width="24"
            height="16"
            rx="2"
            fill={(row + col) % 3 === 0 ? '#fde68a' : '#99f6e4'}
          />
        )),
      )}
      <rect x="108" y="208" width="34" height="28" rx="3" fill="#134e4a" />
      {/* Twelve monthly payments instead of one yearly sum */}
      <rect
        x="212"
        y="92"
        width="150"
        height="120"
        rx="10"
        fill="#ffffff"
        stroke="#99f6e4"
        strokeWidth="3"
      />
      <rect x="212" y="92" width="150" height="26" rx="10" fill="#14b8a6" />
      {months.map((m) => (
        <circle
          key={m}
          cx={236 + (m % 4) * 34}
          cy={138 + Math.floor(m / 4) * 26}
          r="9"
          fill={m < 5 ? '#0f766e' : '#e2e8f0'}
        />
      ))}
      {/* The broker's phone with the commission */}
      <rect x="378" y="70" width="76" height="150" rx="14" fill="#1e293b" />
      <rect x="385" y="84" width="62" height="118" rx="6" fill="#f0fdfa" />
      <circle cx="416" cy="124" r="22" fill="#fbbf24" />
      <path
        d="M408 124l6 6 11-12"
        fill="none"
        stroke="#ffffff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="394" y="160" width="44" height="8" rx="4" fill="#0f766e" />
      <rect x="400" y="176" width="32" height="6" rx="3" fill="#94a3b8" />
    </svg>
  );
}
