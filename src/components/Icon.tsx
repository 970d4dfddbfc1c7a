/**
 * The app's icons: Lucide's SVG components (tree-shaken, so only the icons named here reach the bundle; drawn with
 * `currentColor`, so they follow the theme; no font or inline style to fetch or allow). Decorative: the control
 * that holds one carries the accessible name and the tooltip.
 */
import type { ReactElement } from 'react';
import {
  ChevronDown, CircleHelp, Pencil, RotateCcw, CircleX, Clock, Code, Command, Copy, Download, Ellipsis, Eraser, Eye, FastForward, FileDown,
  FileText, Folder, FolderOpen, GitBranch, GitCompare, Keyboard, Lock, Menu, PanelBottomClose, PanelBottomOpen,
  PanelTopClose, PanelTopOpen, Play, Plus, RefreshCw, Search, Settings, Settings2, Square, SquareStack, Trash2, User, Users,
  type LucideIcon,
} from 'lucide-react';

const ICONS = {
  clone: Copy,
  copy: Copy,
  trash: Trash2,
  remove: CircleX,
  search: Search,
  lock: Lock,
  clock: Clock,
  user: User,
  users: Users,
  doc: FileText,
  folder: Folder,
  folderOpen: FolderOpen,
  grouped: SquareStack,
  eye: Eye,
  question: CircleHelp,
  run: Play,
  runAll: FastForward,
  stop: Square,
  code: Code,
  output: PanelBottomOpen,
  clear: Eraser,
  exportZpln: Download,
  exportIpynb: FileDown,
  reload: RefreshCw,
  settings: Settings,
  bindings: Settings2,
  keyboard: Keyboard,
  palette: Command,
  editorHide: PanelTopClose,
  editorShow: PanelTopOpen,
  outputHide: PanelBottomClose,
  outputShow: PanelBottomOpen,
  add: Plus,
  more: Ellipsis,
  menu: Menu,
  branch: GitBranch,
  compare: GitCompare,
  caret: ChevronDown,
  rename: Pencil,
  restore: RotateCcw,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, size = 14 }: { name: IconName; size?: number }): ReactElement {
  const Svg = ICONS[name];
  return <Svg className={`icon icon-${name}`} size={size} strokeWidth={1.75} aria-hidden="true" focusable="false" />;
}
