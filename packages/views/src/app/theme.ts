import {
  applyDocumentTheme,
  applyHostFonts,
  applyHostStyleVariables,
  type McpUiHostContext,
  type McpUiTheme,
} from "@modelcontextprotocol/ext-apps/app-with-deps";

/**
 * Follows the host's look: its light or dark theme, its style variables (colours, fonts,
 * radii the view's stylesheet reads with fallbacks) and its font faces. Parts the host leaves
 * out keep their current value, so a partial context change only changes what it names.
 *
 * @param context - the host context, whole or a change
 */
export function applyHostContext(context: McpUiHostContext): void {
  if (context.theme) applyDocumentTheme(context.theme);
  const variables = context.styles?.variables;
  if (variables) applyHostStyleVariables(variables);
  const fonts = context.styles?.css?.fonts;
  if (fonts) applyHostFonts(fonts);
}

/**
 * The theme to start with: the host's when it names one, else the person's system setting.
 *
 * @param context - the host context from `ui/initialize`
 * @returns light or dark
 */
export function initialTheme(context: McpUiHostContext): McpUiTheme {
  if (context.theme) return context.theme;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
