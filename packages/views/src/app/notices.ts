import { byId } from "./dom.js";

/**
 * Shows what the server said when it refused a call, in the view's `#refusal` element (an
 * alert, so screen readers hear it), or hides the element when there was no refusal.
 *
 * @param message - the server's message, or `undefined` to clear
 */
export function showRefusal(message: string | undefined): void {
  const refusal = byId("refusal");
  refusal.textContent = message ?? "";
  refusal.hidden = message === undefined;
}
