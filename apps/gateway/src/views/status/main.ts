import { byId } from "./elements.js";
import { clockTime } from "./format.js";
import { renderStatus } from "./render-status.js";
import type { StatusData } from "./status-data.js";

/** How often the page asks for fresh data. */
const POLL_MS = 2000;
/** How long one request may take before the gateway counts as not answering. */
const REQUEST_TIMEOUT_MS = 1500;
/** Kept for this tab only: closing it forgets the token. */
const TOKEN_KEY = "tabletop-gateway-status-token";

let lastUpdate: string | undefined;

function followSystemTheme(): void {
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    document.documentElement.dataset.theme = dark.matches ? "dark" : "light";
  };
  apply();
  dark.addEventListener("change", apply);
}

function storedToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

function showConnection(live: boolean): void {
  const connection = byId("connection");
  const since = lastUpdate ? ` (last update ${clockTime(lastUpdate)})` : "";
  connection.textContent = live
    ? `Live, updated ${lastUpdate ? clockTime(lastUpdate) : ""}`
    : `Disconnected: the gateway is not answering${since}`;
  connection.classList.toggle("disconnected", !live);
}

async function refusalText(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  const why = typeof message === "string" ? message : response.statusText;
  return `The gateway refused the status data (${response.status}): ${why}`;
}

function showRefusal(text: string | undefined): void {
  const refusal = byId("refusal");
  refusal.textContent = text ?? "";
  refusal.hidden = text === undefined;
  byId("token-form").hidden = text === undefined;
  if (text !== undefined) {
    byId("overview").hidden = true;
    byId("upstreams").replaceChildren();
  }
  byId("forget-token").hidden = storedToken() === null;
}

/** Asks for the data once; returns false when the gateway did not answer. */
async function refresh(): Promise<boolean> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch("status/data", {
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      cache: "no-store",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return false;
  }
  if (response.status === 401 || response.status === 403) {
    showRefusal(await refusalText(response));
    return true;
  }
  if (!response.ok) return false;
  const data = (await response.json()) as StatusData;
  lastUpdate = data.generated_at;
  showRefusal(undefined);
  renderStatus(data);
  return true;
}

async function poll(): Promise<void> {
  const answered = await refresh();
  showConnection(answered);
  setTimeout(() => void poll(), POLL_MS);
}

function listenToTokenControls(): void {
  byId<HTMLFormElement>("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>("token");
    sessionStorage.setItem(TOKEN_KEY, input.value.trim());
    input.value = "";
    void refresh().then(showConnection);
  });
  byId("forget-token").addEventListener("click", () => {
    sessionStorage.removeItem(TOKEN_KEY);
    void refresh().then(showConnection);
  });
}

followSystemTheme();
listenToTokenControls();
void poll();
