/** The product's mascot, sad: shown on error screens (SPEC §2 "Error fallback"). */
export function SadMascot({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-label={title}>
      <title>{title}</title>
      <rect x="24" y="30" width="112" height="104" rx="20" fill="#e8edff" stroke="#3b5bdb" strokeWidth="4" />
      <rect x="24" y="30" width="112" height="28" rx="14" fill="#3b5bdb" />
      <rect x="48" y="18" width="10" height="24" rx="5" fill="#2f49b8" />
      <rect x="102" y="18" width="10" height="24" rx="5" fill="#2f49b8" />
      <circle cx="60" cy="86" r="7" fill="#1c2130" />
      <circle cx="100" cy="86" r="7" fill="#1c2130" />
      <path d="M56 74l12 5M104 74l-12 5" stroke="#1c2130" strokeWidth="4" strokeLinecap="round" />
      <path d="M58 118c12-12 32-12 44 0" fill="none" stroke="#1c2130" strokeWidth="5" strokeLinecap="round" />
      <path d="M104 96c0 0 6 9 6 13a6 6 0 0 1-12 0c0-4 6-13 6-13z" fill="#74c0fc" />
    </svg>
  )
}
