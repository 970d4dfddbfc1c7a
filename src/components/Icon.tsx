/**
 * Small inline SVG icons for symbols that system fonts often lack (emoji and technical symbols render as empty
 * boxes on machines without an emoji font, and we load no web fonts). Decorative: the button carries the name.
 */
import type { ReactElement } from 'react';

const PATHS = {
  clone: <><rect x="5" y="5" width="8" height="9" rx="1" /><path d="M3 11V3a1 1 0 0 1 1-1h6" /></>,
  trash: <><path d="M2.5 4h11M6 4V2.5h4V4" /><path d="M4 4l.8 9.5h6.4L12 4" /><path d="M6.5 6.5v5M9.5 6.5v5" /></>,
  search: <><circle cx="7" cy="7" r="4.5" /><path d="M10.3 10.3L14 14" /></>,
  lock: <><rect x="3" y="7" width="10" height="7" rx="1" /><path d="M5 7V5a3 3 0 0 1 6 0v2" /></>,
  clock: <><circle cx="8" cy="8" r="6" /><path d="M8 4.5V8l2.5 1.5" /></>,
  user: <><circle cx="8" cy="5.5" r="2.5" /><path d="M3 14c0-3 2.2-5 5-5s5 2 5 5" /></>,
  users: <><circle cx="6" cy="5.5" r="2.2" /><path d="M1.5 14c0-2.8 2-4.6 4.5-4.6s4.5 1.8 4.5 4.6" /><circle cx="11.5" cy="5" r="1.8" /><path d="M11 9.3c2 .2 3.5 1.8 3.5 4.2" /></>,
  copy: <><rect x="5" y="5" width="8" height="9" rx="1" /><path d="M3 11V3a1 1 0 0 1 1-1h6" /></>,
  doc: <><path d="M4 1.5h5.5L12.5 4.5v10h-8.5z" /><path d="M9.5 1.5v3h3M6 8h4.5M6 10.5h4.5" /></>,
  folder: <path d="M1.5 4a1 1 0 0 1 1-1h3.5l1.5 1.5h6a1 1 0 0 1 1 1V12.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1z" />,
  folderOpen: <><path d="M1.5 12.5V4a1 1 0 0 1 1-1h3.5l1.5 1.5h5a1 1 0 0 1 1 1V7" /><path d="M1.5 12.5l2-5h11l-2 5z" /></>,
  grouped: <><rect x="2" y="2" width="12" height="12" rx="1" /><rect x="5" y="5" width="6" height="6" rx=".5" /></>,
  eye: <><path d="M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z" /><circle cx="8" cy="8" r="2" /></>,
  question: <><circle cx="8" cy="8" r="6" /><path d="M6.2 6.2a1.9 1.9 0 1 1 2.6 1.8c-.6.3-.8.7-.8 1.3v.4" /><path d="M8 11.6v.2" /></>,
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 14 }: { name: IconName; size?: number }): ReactElement {
  return (
    <svg className={`icon icon-${name}`} width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor"
      strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name]}
    </svg>
  );
}
