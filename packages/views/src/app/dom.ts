/** What an HTML element is made with. */
export interface ElementOptions {
  className?: string;
  text?: string;
  attributes?: Readonly<Record<string, string>>;
}

/**
 * Makes an HTML element with its class, text, attributes and children in one expression.
 *
 * @param tag - the element's tag name
 * @param options - class, text content and attributes
 * @param children - nodes or strings appended in order
 * @returns the element
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  options: ElementOptions = {},
  children: readonly (Node | string)[] = [],
): HTMLElementTagNameMap[Tag] {
  const made = document.createElement(tag);
  if (options.className) made.className = options.className;
  if (options.text !== undefined) made.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {})) {
    made.setAttribute(name, value);
  }
  made.append(...children);
  return made;
}

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/**
 * Makes an SVG element with its attributes and children.
 *
 * @param tag - the SVG tag name
 * @param attributes - attribute values; numbers are written as decimal text
 * @param children - nodes or strings appended in order
 * @returns the element
 */
export function svgElement<Tag extends keyof SVGElementTagNameMap>(
  tag: Tag,
  attributes: Readonly<Record<string, string | number>> = {},
  children: readonly (Node | string)[] = [],
): SVGElementTagNameMap[Tag] {
  const made = document.createElementNS(SVG_NAMESPACE, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  made.append(...children);
  return made;
}

/**
 * The element of the view's page with this id; the page's markup is the view's own, so a
 * missing one is a bug in the view, reported by name.
 *
 * @param id - the element's id
 * @returns the element
 * @throws Error when no element has that id
 */
export function byId(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The view has no element #${id}`);
  return found;
}
