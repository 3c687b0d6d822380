import { canOpenRoute, findRoute, type RouteName } from '@baobei/shared/routes';
import type { Role } from '@baobei/shared/rules/roles';
import type { Shortcut } from './components/shortcut-grid';

/** A report-tab shortcut; `route` names the page it opens in the shared route table. */
export type ToolShortcut = Shortcut & { route?: RouteName };

/**
 * A shortcut shows when the role may open its page, by the same rule as the route guard
 * (`canOpenRoute`). Entries without a page (decorative ones) follow their section.
 */
export function canUseTool(tool: ToolShortcut, role: Role | null): boolean {
  return !tool.route || canOpenRoute(findRoute(tool.route), role);
}
