/**
 * Plays the user's browser through an authorization request: follows the redirects from the
 * authorization endpoint through the provider's interactions, carrying its cookies, until the
 * provider redirects to the client's redirect URI.
 *
 * @param authorizationUrl - where the client sent the user
 * @param redirectUri - the client's redirect URI
 * @returns the redirect's query: `code` and `state`, or `error`
 */
export async function authorizeInBrowser(
  authorizationUrl: URL,
  redirectUri: string,
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl.href;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    const response = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const separator = pair?.indexOf("=") ?? -1;
      if (pair && separator > 0) cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `authorization stopped at ${url}: ${response.status} ${await response.text()}`,
      );
    }
    url = new URL(location, url).href;
  }
  throw new Error("too many redirects during authorization");
}
