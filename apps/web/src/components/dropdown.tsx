import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A header dropdown: a button that opens a panel; closes on outside click, Escape and selection.
 */
export function Dropdown({
  label,
  trigger,
  children,
  align = 'end',
  className = '',
}: {
  label: string;
  trigger: ReactNode;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div
      ref={root}
      className={`dropdown ${className}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="dropdown__trigger"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      {open && (
        <div id={panelId} className={`dropdown__panel dropdown__panel--${align}`}>
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
