/** The campaign's mark: a drop with a ripple, drawn for this project. Decorative: the link beside it carries the name. */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M16 2.5c-4.6 6.3-9 11.6-9 16.6a9 9 0 0 0 18 0c0-5-4.4-10.3-9-16.6Z" />
      <path d="M11.5 19.5a4.5 4.5 0 0 0 4.5 4.5" fill="none" stroke="var(--color-bg)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
