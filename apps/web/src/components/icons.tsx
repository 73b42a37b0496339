/** Line icons of the shell; decorative, so hidden from assistive technology. */
const base = { viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

export const GlobeIcon = () => (
  <svg className="icon" {...base}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 3 2.5 15 0 18M12 3c-2.5 3-2.5 15 0 18" />
  </svg>
);
export const DownloadIcon = () => (
  <svg className="icon" {...base}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </svg>
);
export const SunIcon = () => (
  <svg className="icon" {...base}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
export const MoonIcon = () => (
  <svg className="icon" {...base}>
    <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
  </svg>
);
export const UserIcon = () => (
  <svg className="icon" {...base}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);
export const MenuIcon = () => (
  <svg className="icon" {...base}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const SlidersIcon = () => (
  <svg className="icon" {...base}>
    <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
    <circle cx="16" cy="7" r="2" />
    <circle cx="8" cy="17" r="2" />
  </svg>
);
export const ChevronIcon = () => (
  <svg className="icon icon--small" {...base}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <svg className={`icon star${filled ? ' star--on' : ''}`} {...base}>
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
  </svg>
);

export function LogoMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" />
      <path d="M9 21l5-6 4 4 5-8" />
    </svg>
  );
}
export const EyeIcon = ({ off }: { off: boolean }) => (
  <svg className="icon" {...base}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {off && <path d="M4 4l16 16" />}
  </svg>
);
export const BellIcon = () => (
  <svg className="icon" {...base}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />
  </svg>
);
