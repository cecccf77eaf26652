/** The element with this id; the page's markup always has it. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element as T;
}

/**
 * Makes an element with a class and children; strings become text, never markup.
 * @param tag - the element's tag
 * @param className - its class, or empty for none
 * @param children - elements and text
 */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...children);
  return made;
}

/** A `<time>` element showing `text` for the instant `iso`. */
export function timeElement(iso: string, text: string): HTMLTimeElement {
  const time = element("time", "", text);
  time.dateTime = iso;
  return time;
}
